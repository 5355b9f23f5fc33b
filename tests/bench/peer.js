// peer.js: the benchmark's Node.js peer (tests/bench/run). One process of
// node's http module answering every request with the bytes of BODY-FILE,
// read once, as perfil answers /api/v1/profile; behind the same nginx
// (proxy_pass, kept upstream connections).
//
//   node tests/bench/peer.js SOCKET BODY-FILE
'use strict';
const fs = require('fs');
const http = require('http');
const [sock, file] = process.argv.slice(2);
const body = fs.readFileSync(file);
const headers = {
  'Content-Type': 'application/json; charset=utf-8',
  'Cache-Control': 'public, max-age=300, s-maxage=3600',
  'Content-Length': body.length,
};
try { fs.unlinkSync(sock); } catch (e) { /* not there */ }
const server = http.createServer((req, res) => {
  res.writeHead(200, headers);
  res.end(body);
});
server.keepAliveTimeout = 10000;
server.listen(sock, () => fs.chmodSync(sock, 0o666));
process.on('SIGTERM', () => server.close(() => process.exit(0)));
