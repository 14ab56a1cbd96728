// Preloaded with `node --import ./rss.mjs SCRIPT …`: prints the process's peak
// RSS to stderr at exit as {"peak_rss_kb": N} (the whole node process: node,
// the engine's library and whatever the operation kept).
process.on('exit', () => {
  process.stderr.write(`${JSON.stringify({ peak_rss_kb: process.resourceUsage().maxRSS })}\n`);
});
