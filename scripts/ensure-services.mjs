#!/usr/bin/env node
// Makes sure the local Postgres and Redis the tests use answer on 127.0.0.1, starting them with this machine's
// commands when they do not. Exits non-zero with the reason when one cannot be brought up.
import { execSync } from "node:child_process";
import { readdirSync } from "node:fs";
import net from "node:net";

const services = [
  {
    name: "Postgres",
    port: 5432,
    start: () => {
      const version = readdirSync("/etc/postgresql")[0];
      execSync(`pg_ctlcluster --skip-systemctl-redirect ${version} main start`, { stdio: "inherit" });
    },
  },
  {
    name: "Redis",
    port: 6379,
    start: () =>
      execSync('redis-server --daemonize yes --bind 127.0.0.1 --port 6379 --save "" --appendonly no', {
        stdio: "inherit",
      }),
  },
];

function answers(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: "127.0.0.1", port });
    socket.setTimeout(1000);
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("timeout", () => {
      socket.destroy();
      resolve(false);
    });
    socket.once("error", () => resolve(false));
  });
}

async function waitFor(port, ms) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await answers(port)) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

for (const service of services) {
  if (await answers(service.port)) continue;
  console.log(`${service.name} does not answer on 127.0.0.1:${service.port}; starting it`);
  try {
    service.start();
  } catch (err) {
    console.error(`could not start ${service.name}: ${err.message}`);
  }
  if (!(await waitFor(service.port, 30_000))) {
    console.error(`${service.name} still does not answer on 127.0.0.1:${service.port}`);
    process.exit(1);
  }
}
