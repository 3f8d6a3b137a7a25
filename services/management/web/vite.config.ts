/**
 * Builds the owner dashboard into web/dist, which management serves at / (src/web/router.ts). Everything is bundled:
 * no CDN, no outside request at run time, and no inline script or style, so the strict CSP holds.
 */
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/",
  // React's automatic runtime through the bundler's own JSX transform: no Babel plugin needed.
  oxc: { jsx: { runtime: "automatic" } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    assetsDir: "assets",
    // Inlined assets would be data: URLs; images may be data: under the CSP, but fonts and scripts may not.
    assetsInlineLimit: 0,
    modulePreload: { polyfill: false },
    chunkSizeWarningLimit: 1200,
    rolldownOptions: {
      checks: { pluginTimings: false },
      // React Query marks modules "use client" for server components; meaningless in a client-only bundle.
      onwarn(warning, warn) {
        if (warning.code === "MODULE_LEVEL_DIRECTIVE") return;
        warn(warning);
      },
    },
  },
  server: { proxy: { "/api": "http://127.0.0.1:3000", "/apiv3": "http://127.0.0.1:3000" } },
});
