// Serves the built Worker locally (workerd through Vite's preview, with the same persisted
// local D1/R2/KV/Queue state that the migrations and the seed wrote) and prints its URL.
process.env.CLOUDFLARE_CF_FETCH_ENABLED ??= "false";
const { preview } = await import("vite");

const portArg = process.argv.indexOf("--port");
const port = portArg > 0 ? Number(process.argv[portArg + 1]) : 4173;

const server = await preview({ preview: { port, strictPort: true, host: "localhost" } });
console.log(`\nClosetloop is running at http://localhost:${port}/  (Ctrl+C to stop)\n`);
const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
