import concurrently from 'concurrently';

/** `npm run dev`: Vite with HMR on :5173 and the API in watch mode on :3001; Vite proxies the API to it. */
const apiPort = process.env.API_PORT ?? '3001';
const { result } = concurrently(
  [
    {
      name: 'api',
      command: 'tsx watch --clear-screen=false server/cli/start.ts',
      env: { PORT: apiPort, NODE_ENV: 'development', SPA_DIR: './dist' },
    },
    { name: 'web', command: 'vite', env: { API_PORT: apiPort } },
  ],
  { killOthersOn: ['failure', 'success'], prefixColors: ['blue', 'magenta'] },
);
result.then(
  () => process.exit(0),
  () => process.exit(1),
);
