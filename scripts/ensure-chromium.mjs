// Browser tests use Debian's Chromium (never a downloaded browser build). Installs it when missing.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const CHROMIUM = "/usr/bin/chromium";
if (existsSync(CHROMIUM)) process.exit(0);

console.log("Chromium is missing: installing Debian's chromium package...");
const sudo = process.getuid?.() === 0 ? "" : "sudo ";
try {
  execSync(`${sudo}apt-get update -qq`, { stdio: "inherit" });
  execSync(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium`, { stdio: "inherit" });
} catch {
  console.error(`Could not install Chromium. Install it with: ${sudo}apt-get install -y chromium`);
  process.exit(1);
}
if (!existsSync(CHROMIUM)) {
  console.error(`apt-get finished but ${CHROMIUM} is still missing`);
  process.exit(1);
}
