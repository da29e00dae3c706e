// Runs inside a sandbox that has no network: listens on 127.0.0.1:PORT of the sandbox's own
// loopback and pipes each connection to the model proxy's Unix socket (bound in from the host),
// then runs the agent and exits as it did. Usage: node proxy-bridge.mjs SOCKET PORT -- ARGV…
import { spawn } from "node:child_process";
import { connect, createServer } from "node:net";

const [socket, port, dashes, ...argv] = process.argv.slice(2);
if (!socket || !port || dashes !== "--" || argv.length === 0) {
  process.stderr.write("usage: proxy-bridge.mjs SOCKET PORT -- ARGV…\n");
  process.exit(2);
}

const server = createServer((inside) => {
  const outside = connect(socket);
  inside.pipe(outside).pipe(inside);
  const end = () => (inside.destroy(), outside.destroy());
  inside.on("error", end);
  outside.on("error", end);
});

server.listen(Number(port), "127.0.0.1", () => {
  const child = spawn(argv[0], argv.slice(1), { stdio: "inherit" });
  child.on("error", (e) => {
    process.stderr.write(`could not start ${argv[0]}: ${e.message}\n`);
    process.exit(127);
  });
  child.on("exit", (code, signal) => {
    if (signal) process.kill(process.pid, signal);
    process.exit(code ?? 1);
  });
});
