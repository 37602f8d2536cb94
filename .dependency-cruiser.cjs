/** The import boundaries of docs/architecture.md; `npm run lint` fails when one is crossed. */

/** The server's domains, lowest first: a domain may use the doors of those before it, never of those after it. */
const domainsInOrder = [
  'platform',
  'catalogue',
  'money',
  'marketing',
  'people',
  'commerce',
  'fieldService',
  'supply',
  'reports',
];

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
      from: { path: '^server/domains/[^/]+/([^/]+)/' },
      to: { path: '^server/domains/[^/]+/([^/]+)/repo', pathNot: '^server/domains/[^/]+/$1/' },
    },
    {
      name: 'one-door-per-domain',
      comment: "Another domain's files are reached only through its door, server/domains/<domain>/index.ts.",
      severity: 'error',
      from: { path: '^server/domains/([^/]+)/' },
      to: { path: '^server/domains/[^/]+/.+', pathNot: ['^server/domains/$1/', '^server/domains/[^/]+/index\\.ts$'] },
    },
    {
      name: 'outside-code-uses-the-doors',
      comment:
        'Code outside the domains (app, plugins, jobs, seeds, the handler table) imports a domain only through its door.',
      severity: 'error',
      from: { path: '^server/', pathNot: '^server/domains/[^/]+/' },
      to: { path: '^server/domains/[^/]+/.+', pathNot: '^server/domains/[^/]+/index\\.ts$' },
    },
    {
      name: 'no-domain-imports-its-own-door',
      comment: "Inside a domain, modules import each other's files; the door is for the outside.",
      severity: 'error',
      from: { path: '^server/domains/([^/]+)/' },
      to: { path: '^server/domains/$1/index\\.ts$' },
    },
    {
      name: 'shared-and-infrastructure-use-no-domain',
      comment:
        'server/shared, db (but its seeds), http, money, roles, workflow and the plugins sit below every domain.',
      severity: 'error',
      from: { path: '^server/(shared|http|money|roles|workflow|plugins|imports|contract|db/(?!seed/|create-admin))' },
      to: { path: '^server/domains/' },
    },
    ...domainsInOrder
      .map((domain, i) => ({
        name: `no-arrow-up-from-${domain}`,
        comment: `The domains are layered (docs/architecture.md): ${domain} uses only the domains listed before it.`,
        severity: 'error',
        from: { path: `^server/domains/${domain}/` },
        to: { path: domainsInOrder.slice(i + 1).map((d) => `^server/domains/${d}/`) },
      }))
      .filter((rule) => rule.to.path.length > 0),
    {
      name: 'domains-use-only-the-job-queue',
      comment:
        'A domain asks for a job through server/jobs/queue.ts only; server/jobs/index.ts imports the domains (decision 065).',
      severity: 'error',
      from: { path: '^server/domains/[^/]+/' },
      to: { path: '^server/jobs/', pathNot: '^server/jobs/queue\\.ts$' },
    },
    {
      name: 'the-job-queue-uses-no-domain',
      comment: 'The job runner and its admin calls sit below the domains, so that any domain may use them.',
      severity: 'error',
      from: { path: '^server/jobs/(queue|routes)\\.ts$' },
      to: { path: '^server/domains/' },
    },
    {
      name: 'only-repos-touch-the-database',
      comment:
        'Only repo.ts files (and repo.<topic>.ts beside them, and server/db itself: schema, migrations, seeds) import the Drizzle schema or query builders; services and routes call a repo (docs/architecture.md).',
      severity: 'error',
      from: { path: '^server/', pathNot: ['(^|/)repo\\.ts$', '(^|/)repo\\.[a-zA-Z-]+\\.ts$', '^server/db/'] },
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
