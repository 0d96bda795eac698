/** index.html as the web build writes it (without the first calls' script), for the prerender tests. */
export const BUILT_INDEX = `<!doctype html>
<html lang="zh-CN">
  <head>
    <meta charset="UTF-8" />
    <title>ParcelPort</title>
    <script type="module" crossorigin src="/assets/index-3fa9c0de.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-5b1e2a77.css">
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;
