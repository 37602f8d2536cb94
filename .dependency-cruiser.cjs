/** The import boundaries of DESIGN.md §1; `npm run lint` fails when one is crossed. */
module.exports = {
  forbidden: [
    {
      name: 'ui-is-a-leaf',
      comment: 'src/ui is the design system: it imports nothing from routes, api or machines.',
      severity: 'error',
      from: { path: '^src/ui/' },
      to: { path: '^src/(routes|api|machines)/' },
    },
    {
      name: 'machines-are-pure',
      comment: 'src/machines import only xstate (and each other): no fetch clients, React or database.',
      severity: 'error',
      from: { path: '^src/machines/' },
      to: { pathNot: ['^src/machines/', 'node_modules/xstate/'] },
    },
    {
      name: 'server-uses-only-machines-and-types-from-src',
      comment:
        'server/ may import src/machines, the generated API types and the validation messages the forms share, nothing else of the front end.',
      severity: 'error',
      from: { path: '^server/' },
      to: {
        path: '^src/',
        pathNot: ['^src/machines/', '^src/api/schema\\.gen\\.ts$', '^src/api/validationErrors\\.ts$'],
      },
    },
    {
      name: 'api-does-not-import-screens',
      comment: 'src/api is below the screens: it never imports routes or ui.',
      severity: 'error',
      from: { path: '^src/api/' },
      to: { path: '^src/(routes|ui)/' },
    },
    {
      name: 'repos-are-private-to-their-module',
      comment: "A module never imports another module's repo: it calls the other module's service.",
      severity: 'error',
      from: { path: '^server/modules/([^/]+)/' },
      to: { path: '^server/modules/([^/]+)/repo', pathNot: '^server/modules/$1/' },
    },
    {
      name: 'only-repos-touch-the-database',
      comment:
        'Only repo.ts files (and server/db itself: schema, migrations, seeds) import the Drizzle schema or query builders; services and routes call a repo (DESIGN.md §4).',
      severity: 'error',
      from: { path: '^server/', pathNot: ['(^|/)repo\\.ts$', '^server/db/'] },
      to: { path: ['^server/db/schema', 'node_modules/drizzle-orm/'] },
    },
    {
      name: 'no-circular',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '\\.gen\\.ts$|routeTree\\.gen' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
