# PERFIL_REQUIRE(VARIABLE-PREFIX, PKG-CONFIG-MODULES, DEBIAN-PACKAGE)
# Finds a library with pkg-config; when it is missing, stops configure
# with a message that names the Debian package to install.
AC_DEFUN([PERFIL_REQUIRE], [
  PKG_CHECK_MODULES([$1], [$2], [],
    [AC_MSG_ERROR([$2 not found (pkg-config): install the Debian package $3, e.g. apt-get install $3])])
])
