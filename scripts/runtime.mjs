// The Node Pitboss runs on. The Node running this file when it is new enough (package.json's engines),
// else the official Node 22 binary from the npm registry (the node-linux-<arch> packages), fetched once
// into .runtime/ and checked against the digest pinned here. Only Node's own modules: it runs before
// `npm install`. `node scripts/runtime.mjs --bin-dir` prints the folder to put first on PATH.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** The Node 22 LTS release fetched where the machine's Node is older, with each package's sha512. */
export const pinned = {
  version: '22.23.5',
  integrity: {
    x64: 'sha512-3jhC+wcoWxKZxcRqF2sUSl0c9HEXFnur/nuIPx6O6CWKV0jOUWQm7Htw5SuXqqlMCEhi0cJqybFPEb5hhcBiMw==',
    arm64: 'sha512-e1LOUGKVruPGuLVutn8+Cgm5pI1APm4Kvh+zbb/qe/ZpD9s+TQby5iUgZOWmPpbSKpj0Td8DP1N0NEnXasHizg==',
  },
};

/** package.json's engines.node: `^22.13.0 || >=24` (22.13 is the newest floor a dependency asks; 23 is not an LTS line). */
export function supported(version) {
  const [major, minor] = version.replace(/^v/, '').split('.').map(Number);
  return (major === 22 && minor >= 13) || major >= 24;
}

/** The folder the fetched runtime lives in, and its node binary. */
const folder = (arch) => join(root, '.runtime', `node-${pinned.version}-linux-${arch}`);

function fetchRuntime(arch) {
  const target = folder(arch);
  const pkg = `node-linux-${arch}@${pinned.version}`;
  console.error(
    `Node ${process.versions.node} is older than Pitboss needs (22.13+): fetching Node ${pinned.version} from the npm registry (${pkg}) into ${target.slice(root.length + 1)}/`,
  );
  mkdirSync(join(root, '.runtime'), { recursive: true });
  // a folder of its own per fetch, renamed into place at the end: two starts at once never see half a runtime
  const work = mkdtempSync(join(root, '.runtime', 'fetch-'));
  try {
    const npm = process.env.npm_execpath ? [process.execPath, [process.env.npm_execpath]] : ['npm', []];
    const packed = spawnSync(npm[0], [...npm[1], 'pack', pkg, '--silent', '--pack-destination', work], { cwd: work, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] });
    if (packed.status !== 0) throw new Error(`npm pack ${pkg} failed (exit ${packed.status})`);
    const tgz = join(work, packed.stdout.trim().split('\n').pop());
    const integrity = `sha512-${createHash('sha512').update(readFileSync(tgz)).digest('base64')}`;
    if (integrity !== pinned.integrity[arch]) throw new Error(`${pkg} does not match its pinned digest (got ${integrity})`);
    const untar = spawnSync('tar', ['-xzf', tgz, '-C', work], { stdio: 'inherit' });
    if (untar.status !== 0) throw new Error(`unpacking ${tgz} failed`);
    const ran = spawnSync(join(work, 'package', 'bin', 'node'), ['--version'], { encoding: 'utf8' });
    if (ran.stdout?.trim() !== `v${pinned.version}`) throw new Error(`the fetched node does not run here (${ran.error?.message ?? ran.stderr})`);
    // only bin/node is used (no native addon here builds against the headers)
    for (const extra of ['include', 'share']) rmSync(join(work, 'package', extra), { recursive: true, force: true });
    try {
      renameSync(join(work, 'package'), target);
    } catch (err) {
      // another start fetched it meanwhile
      if (!existsSync(join(target, 'bin', 'node'))) throw err;
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The node binary to run Pitboss with, fetching the pinned one first when this Node is too old. */
export function runtimeNode() {
  if (supported(process.versions.node)) return process.execPath;
  const arch = { x64: 'x64', arm64: 'arm64' }[process.arch];
  if (process.platform !== 'linux' || !arch)
    throw new Error(`Pitboss needs Node 22.13 or newer (this is ${process.versions.node}); on ${process.platform}/${process.arch} install it yourself (https://nodejs.org).`);
  const node = join(folder(arch), 'bin', 'node');
  if (!existsSync(node)) fetchRuntime(arch);
  return node;
}

/** The environment a child runs in: the runtime's folder first on PATH, so `npm`, `npx` and scripts' `node` are it too. */
export function runtimeEnv(node, env = process.env) {
  return { ...env, PATH: `${dirname(node)}:${env.PATH ?? ''}`, npm_node_execpath: node, NODE: node };
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const node = runtimeNode();
    if (process.argv.includes('--bin-dir')) console.log(dirname(node));
    else console.log(node);
  } catch (err) {
    console.error(err.message);
    process.exit(1);
  }
}
