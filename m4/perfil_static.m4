# PERFIL_STATIC_LIBS(VARIABLE, PKG-CONFIG-MODULES)
# For the self-contained build: sets VARIABLE to the linker arguments that
# link the modules (and libstdc++, for ICU) from their static archives,
# found with pkg-config --static, glibc's libraries (libm, libpthread,
# libdl, librt) last; the build links with -static, so the executable has
# no dynamic section and needs no shared library, glibc's included:
#   -L... -lfoo ... -lstdc++ -lm -lpthread
# Stops configure, naming the archive, when a lib*.a is missing.
AC_DEFUN([PERFIL_STATIC_LIBS], [
  AC_MSG_CHECKING([the static archives of $2])
  perfil_words=`$PKG_CONFIG --static --libs "$2" 2>&1` ||
    AC_MSG_ERROR([pkg-config --static --libs $2: $perfil_words])
  perfil_front=
  perfil_static=
  perfil_glibc=
  for perfil_w in $perfil_words -lstdc++; do
    case $perfil_w in
    -lc|-lm|-lpthread|-ldl|-lrt)
      # glibc's own archives (libc6-dev), linked by -static too
      case " $perfil_glibc " in
      *" $perfil_w "*) ;;
      *) perfil_glibc="$perfil_glibc $perfil_w" ;;
      esac ;;
    -l*)
      perfil_a=lib`echo "$perfil_w" | sed 's/^-l//'`.a
      perfil_found=
      for perfil_d in $perfil_front; do
        case $perfil_d in
        -L*) test -f "`echo "$perfil_d" | sed 's/^-L//'`/$perfil_a" &&
          perfil_found=yes ;;
        esac
      done
      AS_IF([test -z "$perfil_found"], [
        perfil_p=`$CC -print-file-name="$perfil_a"`
        AS_IF([test "x$perfil_p" != "x$perfil_a" && test -f "$perfil_p"],
          [perfil_found=yes])])
      AS_IF([test -z "$perfil_found"], [
        AC_MSG_RESULT([no])
        AC_MSG_ERROR([$perfil_a not found: the self-contained build links the static archives the Debian -dev packages ship (tests/lib/install-deps.sh)])])
      perfil_static="$perfil_static $perfil_w" ;;
    *) perfil_front="$perfil_front $perfil_w" ;;
    esac
  done
  $1="$perfil_front$perfil_static$perfil_glibc"
  AC_MSG_RESULT([$$1])
])
