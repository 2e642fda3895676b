// Rewrites the workspace manifests, inside the image build only, for an install of what the server
// bundle loads at run time: the server's and core's dependencies. Without their devDependencies,
// because npm keeps a dev tool that happens to satisfy a package's optional peer (vitest, react and
// drizzle-kit for better-auth). The lock file still decides every version.
import { readFileSync, writeFileSync } from 'node:fs';

const edit = (file, change) => {
  const manifest = JSON.parse(readFileSync(file, 'utf8'));
  change(manifest);
  writeFileSync(file, `${JSON.stringify(manifest, null, 2)}\n`);
};

edit('package.json', (manifest) => {
  manifest.workspaces = ['packages/core', 'apps/server'];
  delete manifest.devDependencies;
});
for (const file of ['packages/core/package.json', 'apps/server/package.json']) {
  edit(file, (manifest) => {
    delete manifest.devDependencies;
  });
}
