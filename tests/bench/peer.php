<?php
// peer.php: the benchmark's PHP-FPM peer (tests/bench/run). Answers every
// request with the bytes of the file named by the FastCGI parameter
// PEER_BODY, as perfil answers /api/v1/profile; behind the same nginx
// (fastcgi_pass, kept connections), run by php-fpm with opcache on.
header('Content-Type: application/json; charset=utf-8');
header('Cache-Control: public, max-age=300, s-maxage=3600');
readfile($_SERVER['PEER_BODY']);
