import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
    // Which files each screen needs (.vite/manifest.json): the server hints a landing page's in its document.
    manifest: true,
    chunkSizeWarningLimit: 250,
    rollupOptions: {
      // The shared domain package is pure constants, functions and zod schemas: a module of it that the app
      // does not use may be dropped, so the first bundle does not carry zod for schemas only forms need.
      // Its one module with an effect is zod.ts, which sets zod up for a browser before any schema is built.
      treeshake: {
        moduleSideEffects: (id: string) =>
          !id.includes("/packages/domain/src/") || id.endsWith("/packages/domain/src/zod.ts"),
      },
      output: {
        // Libraries change less often than the app: separate files stay cached across deploys.
        manualChunks(id: string) {
          if (/node_modules\/(react|react-dom|scheduler)\//.test(id)) return "react";
          if (/node_modules\/(react-router|@tanstack)\//.test(id)) return "libs";
          return undefined;
        },
      },
    },
  },
  server: {
    proxy: { "/api": "http://127.0.0.1:3000" },
  },
});
