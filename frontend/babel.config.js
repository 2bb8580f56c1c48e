// The bundle is built for the browsers people use; jest runs the same code in this Node, which
// needs none of the transforms those browsers do, so a cold run of the tests compiles less.
module.exports = (api) => ({
  presets: [
    ["@babel/preset-env", { targets: api.env("test") ? { node: "current" } : "defaults" }],
    ["@babel/preset-react", { runtime: "automatic" }],
  ],
});
