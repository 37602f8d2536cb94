// Writes src/routeTree.gen.ts from the file routes (Vite does the same on build and dev); run before typecheck.
import { Generator, getConfig } from '@tanstack/router-generator';

const config = getConfig(
  { routesDirectory: 'src/routes', generatedRouteTree: 'src/routeTree.gen.ts', target: 'react' },
  process.cwd(),
);
await new Generator({ config, root: process.cwd() }).run();
