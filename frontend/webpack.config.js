const path = require("path");
const MiniCssExtractPlugin = require("mini-css-extract-plugin");
const CssMinimizerPlugin = require("css-minimizer-webpack-plugin");
const { WebpackAssetsManifest } = require("webpack-assets-manifest");

module.exports = (env, argv) => {
  const production = argv.mode === "production";
  return {
    entry: { main: "./src/index.jsx" },
    output: {
      path: path.resolve(__dirname, "../static/dist"),
      publicPath: "/static/dist/",
      filename: production ? "[name].[contenthash:12].js" : "[name].js",
      chunkFilename: production ? "[name].[contenthash:12].js" : "[name].js",
      clean: true,
    },
    devtool: production ? "source-map" : "eval-cheap-module-source-map",
    resolve: { extensions: [".js", ".jsx"] },
    module: {
      rules: [
        {
          test: /\.jsx?$/,
          exclude: /node_modules/,
          use: "babel-loader",
        },
        {
          test: /\.css$/,
          use: [MiniCssExtractPlugin.loader, "css-loader"],
        },
        {
          test: /\.(png|jpe?g|webp|gif|svg)$/,
          type: "asset/resource",
        },
      ],
    },
    plugins: [
      new MiniCssExtractPlugin({
        filename: production ? "[name].[contenthash:12].css" : "[name].css",
        chunkFilename: production ? "[name].[contenthash:12].css" : "[name].css",
      }),
      new WebpackAssetsManifest({ output: "manifest.json", entrypoints: true }),
    ],
    optimization: {
      minimizer: ["...", new CssMinimizerPlugin()],
      splitChunks: { chunks: "all" },
    },
    performance: { hints: false },
  };
};
