/** The server's layers, top to bottom (docs/architecture.md): each imports only the layers below it. */
const SERVER = '^apps/server/src/';
const SERVER_LAYERS = [
  { name: 'entry', path: `${SERVER}[^/]+$` },
  { name: 'http', path: `${SERVER}http/` },
  { name: 'services', path: `${SERVER}services/` },
  { name: 'store', path: `${SERVER}store/` },
  { name: 'db', path: `${SERVER}db/` },
  { name: 'infra', path: `${SERVER}infra/` },
];

/** One rule per layer: nothing in it imports a layer above it. */
const upwardImports = SERVER_LAYERS.slice(1).map((layer, index) => ({
  name: `server-layers-${layer.name}`,
  severity: 'error',
  comment: `apps/server's ${layer.name} layer imports a layer above it (${SERVER_LAYERS.slice(0, index + 1)
    .map((above) => above.name)
    .join(', ')}): move the shared part down, or pass it in from above.`,
  from: { path: layer.path, pathNot: '\\.test\\.ts$' },
  to: { path: SERVER_LAYERS.slice(0, index + 1).map((above) => above.path) },
}));

/**
 * Structure rules `pnpm lint` enforces with dependency-cruiser
 * (`pnpm lint:deps`): no import cycles in any package or app, and no upward
 * import between the server's layers.
 * @type {import('dependency-cruiser').IConfiguration}
 */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: modules that need each other belong in one module, or the shared part in a third.',
      from: {},
      to: { circular: true },
    },
    ...upwardImports,
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|coverage|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['@locscore/source', 'import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.d.ts'],
    },
  },
};
