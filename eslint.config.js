import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
// the plugin's production build: the same rules without the development build's own checks, which
// cost about a tenth of a whole lint run (its index picks a build by NODE_ENV)
import reactHooks from 'eslint-plugin-react-hooks/cjs/eslint-plugin-react-hooks.production.js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Import boundaries. Imports here are relative and these folder names are unique under src, so a path that
// climbs and then enters one of them can only reach that layer. Flat config lets the last matching block
// win a rule, so each block lists every boundary that holds for its files.
const into = (dirs, message) => ({ regex: `^(\\.\\./)+(src/)?(${dirs.join('|')})(/|$)`, message });
const noServer = into(['server'], 'The app does not import the server; share through src/contract.');
const noApp = into(['app'], 'The server does not import the app; share through src/contract.');
const noLayers = into(['app', 'server'], 'The contract imports neither the app nor the server.');
const noFeatures = into(['features', 'routes'], 'src/app/ui, src/app/widgets and src/app/entities hold shared building blocks: no feature or route.');
const primitivesOnly = [
  into(
    ['contract', 'widgets', 'entities'],
    'src/app/ui holds primitives: what knows the contract, an entity, the session or the API belongs to its entity (src/app/entities) or is a widget.',
  ),
  {
    // lib/ modules ui/ may use: pure helpers (formats, day ranges, search options, josa, Korea-time input) and the
    // dialog stack its sheets and dialogs register with; nothing that calls the API or reads the session
    regex: '^(\\.\\./)+lib/(?!(format|dayRange|listSearch|josa|kstInput|dialogs)$)',
    message:
      'src/app/ui holds primitives: it takes pure helpers from src/app/lib only; what calls the API or reads the session belongs to its entity (src/app/entities) or is a widget.',
  },
];
const infrastructureOnly = into(
  ['entities', 'features', 'widgets', 'routes'],
  'src/app/lib holds infrastructure: it imports no entity, feature, widget or route (an entity builds on lib, not the other way).',
);
const noRoutes = into(['routes'], 'Features do not import routes; routes compose features.');
const noHttp = into(['http'], 'The domain does not import the HTTP layer.');
const noVendors = into(['vendors'], 'The domain does not import the vendors: they call the domain, and what both need (vendor rows, their secrets) lives in the domain.');
const noServerContext = {
  regex: '^(\\.\\./)+context(\\.js)?$',
  message: "The domain takes its parts as Deps (domain/deps.ts), never the server's context, which holds the HTTP layer's.",
};
const noLive = into(['live'], 'The domain does not import the live channel: it publishes through the Publisher port (domain/ports.ts), which live/ implements.');
const noOps = into(['ops'], 'The domain does not import ops: it signals through the Signals port (domain/ports.ts, domain/signal.ts), which ops/ implements.');
const liveNoDomain = {
  // the ports' types alone (domain/ports.ts): the session check and the rest are built at the root (server.ts) and handed in
  regex: '^(\\.\\./)+domain/(?!ports(\\.js)?$)',
  message: 'The live channel does not import the domain beyond its ports (domain/ports.ts); what it needs of the domain is built in server.ts and handed in.',
};
const liveNoHttp = into(['http'], 'The live channel does not import the HTTP layer.');
const vendorsNoHttp = into(['http'], 'Vendors do not import the HTTP layer: they export calls and handlers (src/server/handler.ts), and http/routes.ts collects them.');
// context.ts and config.ts stand under the layers that import them: their own relative imports name no layer above
const contextNoLayers = {
  regex: '^\\./(http|live|ops|vendors|seed)(/|$)',
  message: "context.ts holds what every layer's handlers share; the HTTP layer's own parts live in http/httpContext.ts, so vendors, live and ops never reach http through it.",
};
const configAlone = {
  regex: '^\\./(?!startupError(\\.js)?$)',
  message: 'config.ts stands under every layer: of the server it imports startupError.ts alone (what the domain needs of it, it imports from config).',
};
// Handlers and adapters only wire: reading and writing tables is the domain's (src/server/domain).
const noQueries = {
  selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto)$/]',
  message: 'http/ and vendors/ only wire: move this query into a src/server/domain function and call that.',
};
// Files that may hold queries, each with its reason; adding one is not welcome.
const queriesOutsideDomain = [
  // the demo vendor stands in for an outside game server: its bets, legs and sport events are the vendor's side
  'src/server/vendors/demo/**',
];
// API tests call through the contract (tests/api/harness.ts: s.call, s.as, s.loose, s.platform), so a renamed or removed
// call fails to compile; a literal '/api/…' path stays only in the tests of HTTP itself (headers, statuses, bodies
// the contract refuses, sealing, throttles by address, docs, ops endpoints, raw wallet callbacks).
const apiPathMessage = "Call through the contract (the harness's s.call / s.as / s.loose / s.platform, or a call's .path), not a literal '/api/…' path.";
const literalApiPaths = [
  { selector: 'Literal[value=/^\\/api\\//]', message: apiPathMessage },
  { selector: 'TemplateElement[value.raw=/^\\/api\\//]', message: apiPathMessage },
];
// Transport tests: they name paths as a client on the wire does.
const transportTests = [
  'tests/api/harness.ts',
  'tests/api/http-hardening.test.ts',
  'tests/api/openapi-*.ts',
  'tests/api/openapiKit.ts',
  'tests/api/contract-fuzz.test.ts',
  'tests/api/early-calls.test.ts',
  'tests/api/sealed-bodies.test.ts',
  'tests/api/ops-*.test.ts',
  'tests/api/login-bounds.test.ts',
  'tests/api/login-hardening.test.ts',
  'tests/api/login-doors.test.ts',
  'tests/api/operator-lock.test.ts',
  'tests/api/device-cookie-rotation.test.ts',
  'tests/api/static.test.ts',
  'tests/api/brand.test.ts',
  'tests/api/logo-sandbox.test.ts',
  'tests/api/common.test.ts',
  'tests/api/member.test.ts',
  'tests/api/platform-invites.test.ts',
  'tests/api/first-start.test.ts',
  'tests/api/gamesKit.ts',
  'tests/api/vendor-check.test.ts',
  'tests/api/money-chaos.test.ts',
  'tests/api/moneyWorld.ts',
  'tests/api/live-redis.test.ts',
  'tests/api/money-concurrency.test.ts',
  'tests/api/moneyKit.ts',
  'tests/api/session-cache.test.ts',
  // two instances' raw clients: the signed wallet callback is the wire itself
  'tests/api/nodeKit.ts',
];
const boundary = (files, ...patterns) => ({ files, rules: { 'no-restricted-imports': ['error', { patterns }] } });

export default defineConfig(
  {
    ignores: ['dist/', 'dist-server/', 'data/', 'data-e2e/', 'reports/', 'test-results/', 'playwright-report/', 'tmp/', 'src/app/routeTree.gen.ts', 'src/app/locales/'],
  },
  js.configs.recommended,
  tseslint.configs.strict,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // noUncheckedIndexedAccess is off, so `!` marks a lookup the code knows succeeds (a Map it just filled,
      // a row it just wrote); a runtime check at each of them would be noise, not safety.
      '@typescript-eslint/no-non-null-assertion': 'off',
      // Sanitisers strip control characters on purpose, and a regex range is the plain way to name them.
      'no-control-regex': 'off',
      // As with tsc's noUnused checks, a `_` name marks a parameter slot or a field dropped from a rest copy.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['tests/**', 'bench/**'],
    rules: {
      // Tests and benchmarks read answers as loose JSON and assert on them; typing each answer buys nothing.
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    files: ['tests/e2e/**'],
    // Playwright reads fixtures from a destructured first parameter, so a hook that needs none writes `{}`.
    rules: { 'no-empty-pattern': ['error', { allowObjectPatternsAsParameters: true }] },
  },
  {
    files: ['src/server/http/docs/*.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser, SwaggerUIBundle: 'readonly' } },
  },
  boundary(['src/app/**'], noServer),
  boundary(['src/app/ui/**'], noServer, noFeatures, ...primitivesOnly),
  boundary(['src/app/lib/**'], noServer, infrastructureOnly),
  boundary(['src/app/widgets/**'], noServer, noFeatures),
  boundary(['src/app/entities/**'], noServer, noFeatures),
  boundary(['src/app/features/**'], noServer, noRoutes),
  boundary(['src/server/**'], noApp),
  boundary(['src/server/domain/**'], noApp, noHttp, noVendors, noServerContext, noLive, noOps),
  boundary(['src/server/live/**'], noApp, liveNoDomain, liveNoHttp),
  boundary(['src/server/vendors/**'], noApp, vendorsNoHttp),
  boundary(['src/server/context.ts'], noApp, contextNoLayers),
  boundary(['src/server/config.ts'], noApp, configAlone),
  boundary(['src/contract/**'], noLayers),
  {
    files: ['tests/api/**/*.ts'],
    ignores: transportTests,
    rules: { 'no-restricted-syntax': ['error', ...literalApiPaths] },
  },
  {
    files: ['src/server/http/**/*.ts', 'src/server/vendors/**/*.ts'],
    ignores: ['**/*.test.ts', ...queriesOutsideDomain],
    rules: { 'no-restricted-syntax': ['error', noQueries] },
  },
);
