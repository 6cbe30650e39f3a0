// Every npm script runs on the Node 22 pinned as a devDependency (ARCHITECTURE, "The stack").
// npm puts node_modules/.bin first on PATH, so `node` here is that binary unless the install failed.
if (!process.version.startsWith('v22.')) {
  console.error(
    `Node ${process.version} is running, but this project runs on Node 22 (the "node" devDependency). ` +
      'Run `npm install` so node_modules/.bin/node exists, then start again through npm.',
  );
  process.exit(1);
}
