/*
 * Writes route-chunks.json beside the manifest: for each named lazy chunk (a route's
 * webpackChunkName in src/app/router.jsx), the JS and CSS files it loads that the entry does
 * not already carry. The server reads it (camp/views.py) to ask for a public page's own route
 * chunk in the page's head, in parallel with the entry, instead of after the entry has run.
 */
const { sources, Compilation } = require("webpack");

const NAME = "RouteChunksPlugin";

class RouteChunksPlugin {
  constructor({ filename = "route-chunks.json" } = {}) {
    this.filename = filename;
  }

  apply(compiler) {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      compilation.hooks.processAssets.tap(
        // After the real content hashes have renamed the files.
        { name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const inEntries = new Set();
          for (const entry of compilation.entrypoints.values()) {
            entry.getFiles().forEach((file) => inEntries.add(file));
          }
          const routes = {};
          for (const [name, group] of compilation.namedChunkGroups) {
            if (compilation.entrypoints.has(name)) continue;
            const files = group.getFiles().filter((file) => !inEntries.has(file));
            routes[name] = {
              js: files.filter((file) => file.endsWith(".js")).sort(),
              css: files.filter((file) => file.endsWith(".css")).sort(),
            };
          }
          compilation.emitAsset(
            this.filename,
            new sources.RawSource(JSON.stringify(routes, null, 2)),
          );
        },
      );
    });
  }
}

module.exports = { RouteChunksPlugin };
