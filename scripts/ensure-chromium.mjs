// Browser tests use Debian's Chromium (never a downloaded browser build). Installs it when missing:
// the headless shell the browser tests drive (package chromium-headless-shell: the same Chromium
// without the desktop browser around it, a third less CPU per test on a 2-core machine, decision
// 0063), and the full browser `npm run lighthouse` drives.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const HEADLESS_SHELL = "/usr/lib/chromium/chromium-headless-shell";
const WANTED = [
  ["/usr/bin/chromium", "chromium"],
  [HEADLESS_SHELL, "chromium-headless-shell"],
];

const missing = WANTED.filter(([file]) => !existsSync(file)).map(([, pkg]) => pkg);
if (missing.length > 0) {
  console.log(`Installing Debian's ${missing.join(" and ")} package(s)...`);
  const sudo = process.getuid?.() === 0 ? "" : "sudo ";
  try {
    execSync(`${sudo}apt-get update -qq`, { stdio: "inherit" });
    execSync(`${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(" ")}`, {
      stdio: "inherit",
    });
  } catch {
    console.error(`Could not install them. Install them with: ${sudo}apt-get install -y ${missing.join(" ")}`);
    process.exit(1);
  }
  const still = WANTED.filter(([file]) => !existsSync(file)).map(([file]) => file);
  if (still.length > 0) {
    console.error(`apt-get finished but ${still.join(", ")} is still missing`);
    process.exit(1);
  }
}
