/**
 * True for an address of this machine: 127.0.0.0/8, ::1 (also written out) and IPv4-mapped
 * 127.x. Read from CF-Connecting-IP, which Cloudflare sets to the real client and Miniflare,
 * locally, to the socket's peer (app/services/rate-limit.server.ts, clientIp).
 */
export function isLoopbackAddress(address: string) {
  const ip = address.trim().toLowerCase();
  if (/^127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(ip)) return true;
  if (/^(0{1,4}:){7}0{0,3}1$/.test(ip) || ip === "::1") return true;
  return /^::ffff:127(\.(25[0-5]|2[0-4]\d|1?\d?\d)){3}$/.test(ip);
}
