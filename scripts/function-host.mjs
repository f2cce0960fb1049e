// The functions of functions/, hosted as a warm Netlify instance hosts them: each is bundled once
// (esbuild, as Netlify's `node_bundler = "esbuild"` bundles it), its module imported once, and its
// default export called for every request with a `Request` and a Functions v2 context. A module's
// top level runs once and is reused across calls, as on Netlify between the calls an instance
// serves. With `watch`, a changed source file rebuilds the bundles and the functions whose bundle
// changed are imported afresh on their next call.
//
// Only the functions' public contract is used (default export, `config.path`, `config.schedule`,
// the context fields our functions read: `ip`, `params`, `requestId`, `deploy`, `waitUntil`; plus
// `site`, `url`, `server` and `account` as Netlify gives them), so no emulator internals are
// touched. docs/decisions/017-warm-functions-locally.md says why and what differs from Netlify.
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, rmSync, watch as watchFolder, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, context as esbuildContext } from 'esbuild';
import { URLPattern } from 'urlpattern-polyfill/urlpattern';

const projectRoot = fileURLToPath(new URL('..', import.meta.url));
const functionsDir = path.join(projectRoot, 'functions');
const FUNCTION_FILE = /^[^_.][^/]*\.(m?ts|m?js)$/;

/**
 * Native modules, left out of the bundles as netlify.toml's `external_node_modules` leaves them
 * out on Netlify. A bundle written outside the project (the tests' scratch folders) could not find
 * them by name, so each is imported from the project's own node_modules by its full path.
 */
export const NATIVE_MODULES = ['sharp'];
const fromProject = createRequire(path.join(projectRoot, 'package.json'));
const nativeModules = {
  name: 'native-modules',
  setup(build) {
    const filter = new RegExp(`^(${NATIVE_MODULES.join('|')})$`);
    build.onResolve({ filter }, ({ path: name }) => ({ path: pathToFileURL(fromProject.resolve(name)).href, external: true }));
  },
};

/** The esbuild options Netlify's esbuild bundler uses for a function (ESM, Node 22, one file each). */
export const bundleOptions = {
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  logLevel: 'error',
  plugins: [nativeModules],
  // Bundled CommonJS packages may still call `require` for Node's own modules. Named as Netlify's
  // own shim names it, so a bundled package's own `import { createRequire }` (fflate's) does not clash.
  banner: { js: "import { createRequire as ___nfyCreateRequire } from 'node:module'; const require = ___nfyCreateRequire(import.meta.url);" },
};

/** The names of the functions in functions/ (file names without extension; `_shared` and dot files are not functions). */
export function functionNames(dir = functionsDir) {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isFile() && FUNCTION_FILE.test(entry.name))
    .map((entry) => entry.name.replace(/\.(m?ts|m?js)$/, ''))
    .sort();
}

/** The file of function `name` in `dir`. */
function sourceOf(dir, name) {
  const file = readdirSync(dir).find((entry) => entry.replace(/\.(m?ts|m?js)$/, '') === name && FUNCTION_FILE.test(entry));
  if (!file) throw new Error(`No function named ${name} in ${dir}`);
  return path.join(dir, file);
}

/**
 * The routes of a function from its `config`: each `path` (a string or a list, URLPattern syntax
 * as on Netlify, matched without regard to case) minus `excludedPath`, for `method` when given; a function without `path` (a
 * scheduled one, say) answers at /.netlify/functions/<name>, as Netlify's CLI lets one invoke it.
 */
export function routesOf(name, config = {}) {
  const list = (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]);
  const paths = list(config.path);
  const methods = list(config.method).map((m) => String(m).toUpperCase());
  // Netlify matches paths without regard to case (its router lower-cases the path first); the
  // parameters keep the case they were sent in.
  const pattern = (pathname) => new URLPattern({ pathname }, { ignoreCase: true });
  const excluded = list(config.excludedPath).map(pattern);
  const patterns = (paths.length ? paths : [`/.netlify/functions/${name}`]).map(pattern);
  return { name, patterns, excluded, methods };
}

/**
 * A function's `config` read from its source, as Netlify reads it when it deploys: the object
 * literal of `export const config` (a value computed at run time would not reach Netlify's router
 * either, so it is an error here too). Reading it needs no import of the function's bundle.
 */
export function configOf(file) {
  const source = readFileSync(file, 'utf8');
  const start = /export\s+const\s+config\b[^=]*=\s*\{/.exec(source);
  if (!start) return {};
  // The literal's end: the brace that closes the first one, skipping strings.
  let depth = 0;
  let quote = null;
  let end = -1;
  for (let i = start.index + start[0].length - 1; i < source.length; i++) {
    const c = source[i];
    if (quote) {
      if (c === '\\') i++;
      else if (c === quote) quote = null;
    } else if (c === "'" || c === '"' || c === '`') quote = c;
    else if (c === '{') depth++;
    else if (c === '}' && --depth === 0) {
      end = i + 1;
      break;
    }
  }
  const literal = source.slice(start.index + start[0].length - 1, end);
  try {
    return Function(`"use strict"; return (${literal});`)();
  } catch (error) {
    throw new Error(`${path.relative(projectRoot, file)}: its \`config\` must be a literal object, as Netlify reads it from the source (${error.message})`);
  }
}

/** The file of the routes of the functions bundled in a folder (`writeManifest`). */
const MANIFEST = 'routes.json';

/**
 * Bundles `names` (every function by default) from `dir` into `outdir`, once; resolves to the names.
 * @param {{ dir?: string, outdir: string, names?: string[] }} options
 */
export async function bundleFunctions({ dir = functionsDir, outdir, names = functionNames(dir) }) {
  const result = await build({
    ...bundleOptions,
    entryPoints: names.map((name) => ({ in: sourceOf(dir, name), out: name })),
    outdir,
    outExtension: { '.js': '.mjs' },
  });
  if (result.errors.length) throw new Error('The functions do not build: see the errors above.');
  return names;
}

/**
 * Writes `routes.json` beside the bundles in `outdir`: each function's `config`, read from its
 * source (`configOf`), so that hosts started from the folder later (one per test file) know every
 * route without importing a module before it is called.
 */
export async function writeManifest(outdir, names, dir = functionsDir) {
  const configs = {};
  for (const name of names) configs[name] = configOf(sourceOf(dir, name));
  writeFileSync(path.join(outdir, MANIFEST), JSON.stringify(configs, null, 2));
}

/**
 * Starts the host. Resolves to `{ names, match, invoke, close }`:
 * - `match(request)` → `{ name, params }` for the function whose route takes the request, or null;
 * - `invoke(name, request, { ip, params, deployContext })` → `{ response, settled }`, where
 *   `settled()` waits for the work the function left running after its answer (`waitUntil`).
 * Without `prebuilt`, every function (or those named in `only`) is bundled into `outdir` now, its
 * routes read from its source, and its bundle imported on its first call (as Netlify starts an
 * instance on a function's first request: a page or test that calls five functions imports five
 * bundles, not ninety); with `watch`, a changed source rebuilds them, and a function whose bundle
 * changed is imported afresh on its next call. With `prebuilt`, the bundles and routes.json
 * already in `outdir` are used (the API tests: one host per test file).
 * @param {{ dir?: string, outdir?: string, watch?: boolean, only?: string[], prebuilt?: boolean, log?: (line: string) => void }} [options]
 */
export async function startFunctionHost({ dir = functionsDir, outdir, watch = false, only, prebuilt = false, log = () => {} } = {}) {
  const out = outdir ?? path.join(projectRoot, '.netlify', 'functions-host');

  if (prebuilt) {
    const configs = JSON.parse(readFileSync(path.join(out, MANIFEST), 'utf8'));
    const modules = new Map();
    const routes = Object.entries(configs).map(([name, config]) => routesOf(name, config));
    const handlerOf = (name) => {
      if (!modules.has(name))
        modules.set(
          name,
          import(pathToFileURL(path.join(out, `${name}.mjs`)).href).then((module) => module.default),
        );
      return modules.get(name);
    };
    return hostOver(
      Object.keys(configs),
      () => routes,
      handlerOf,
      async () => {},
    );
  }

  const names = only ?? functionNames(dir);
  rmSync(out, { recursive: true, force: true });
  mkdirSync(out, { recursive: true });

  /** name → { hash, module promise }: the bundles imported so far. */
  const loaded = new Map();
  /** name → hash of its bundle as last built. */
  const built = new Map();
  let routes = [];
  let ready;

  /** Notes each bundle's hash, forgets the imports of those that changed, and rebuilds the route table from the sources. */
  async function refresh() {
    const changed = [];
    for (const name of names) {
      const hash = createHash('sha256')
        .update(readFileSync(path.join(out, `${name}.mjs`)))
        .digest('hex')
        .slice(0, 16);
      if (built.get(name) === hash) continue;
      if (built.has(name)) changed.push(name);
      built.set(name, hash);
      // Imported again on its next call, from a new URL: a new module instance, as a redeploy starts new instances.
      loaded.delete(name);
    }
    routes = names.map((name) => routesOf(name, configOf(sourceOf(dir, name))));
    if (changed.length) log(`Functions reloaded: ${changed.join(', ')}`);
  }

  /** The handler of `name`, its bundle imported on its first call. */
  function imported(name) {
    if (!loaded.has(name)) {
      const file = path.join(out, `${name}.mjs`);
      loaded.set(
        name,
        import(`${pathToFileURL(file).href}?v=${built.get(name)}`).then((module) => module.default),
      );
    }
    return loaded.get(name);
  }

  const rebuilt = {
    name: 'reload-changed-functions',
    setup(builder) {
      let first = true;
      builder.onEnd((result) => {
        if (first) {
          first = false;
          return;
        }
        // After an error the last good bundles keep answering; the console says what is wrong.
        if (result.errors.length) log(`Functions not rebuilt: ${result.errors.length} error(s) above.`);
        else ready = refresh().catch((error) => log(`Functions not reloaded: ${error.message}`));
      });
    },
  };

  const builder = await esbuildContext({
    ...bundleOptions,
    entryPoints: names.map((name) => ({ in: sourceOf(dir, name), out: name })),
    outdir: out,
    outExtension: { '.js': '.mjs' },
    plugins: [...bundleOptions.plugins, rebuilt],
  });
  const first = await builder.rebuild();
  if (first.errors.length) {
    await builder.dispose();
    throw new Error('The functions do not build: see the errors above.');
  }
  ready = refresh();
  await ready;

  let folderWatcher;
  if (watch) {
    await builder.watch();
    // A function added or removed changes the list itself: say so (the list is read at start).
    folderWatcher = watchFolder(dir, (event, file) => {
      if (event === 'rename' && file && FUNCTION_FILE.test(file)) log(`functions/${file} was added or removed: restart \`npm start\` to serve the new list.`);
    });
  }

  const handlerOf = async (name) => {
    await ready;
    return names.includes(name) ? imported(name) : undefined;
  };
  return hostOver(
    names,
    () => routes,
    handlerOf,
    async () => {
      folderWatcher?.close();
      await builder.dispose();
    },
  );
}

/** The host's interface over a route table and a way to get a function's handler. */
function hostOver(names, currentRoutes, handlerOf, close) {
  return {
    names,
    match(request) {
      // A trailing slash is ignored, as Netlify's router ignores it.
      const { pathname: raw } = new URL(request.url);
      const url = { pathname: raw !== '/' && raw.endsWith('/') ? raw.slice(0, -1) : raw };
      for (const route of currentRoutes()) {
        if (route.methods.length && !route.methods.includes(request.method)) continue;
        if (route.excluded.some((pattern) => pattern.test(url))) continue;
        for (const pattern of route.patterns) {
          const found = pattern.exec(url);
          if (found) return { name: route.name, params: cleanParams(found.pathname.groups) };
        }
      }
      return null;
    },
    async invoke(name, request, { ip = '127.0.0.1', params = {}, deployContext = 'dev' } = {}) {
      const handler = await handlerOf(name);
      if (!handler) throw new Error(`No function named ${name}`);
      const pending = [];
      const url = new URL(request.url);
      const context = {
        ip,
        params,
        requestId: randomUUID(),
        deploy: { context: deployContext, id: '0', published: false },
        site: { id: 'local', name: 'local', url: url.origin },
        server: { region: 'local' },
        account: { id: 'local' },
        url,
        geo: {},
        waitUntil: (promise) => pending.push(Promise.resolve(promise).catch((error) => console.error(`${name}: work after the answer failed:`, error))),
      };
      const response = await handler(request, context);
      return { response, settled: () => Promise.all(pending) };
    },
    close,
  };
}

/** URLPattern's groups without the unnamed ones (`*` gives group `0`). */
function cleanParams(groups) {
  return Object.fromEntries(Object.entries(groups).filter(([key, value]) => !/^\d+$/.test(key) && value !== undefined));
}
