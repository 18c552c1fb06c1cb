/**
 * `npm run dev`: the API with reload on change (tsx watch) and Vite's dev server with hot
 * reload, which proxies /api to the API. Open the URL Vite prints (http://localhost:5173).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const children: ChildProcess[] = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'services/api/src/app/main.ts'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' },
  }),
  spawn('npm', ['run', 'dev', '-w', '@whosright/web'], { cwd: root, stdio: 'inherit' }),
];

function stopAll(code = 0) {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll());
process.on('SIGTERM', () => stopAll());
