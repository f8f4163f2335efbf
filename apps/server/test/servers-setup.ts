import { killLeftServers } from './spawn-server.ts';

/**
 * The system and browser projects' global setup: the built servers their test files start are
 * recorded under this process's pid (`startServer`, in the workers it forks); any still running
 * when the run ends — a file failed before stopping its server, or its worker died — is killed.
 */
export default function setup(): () => void {
  const run = String(process.pid);
  return () => {
    const left = killLeftServers(run);
    if (left > 0) console.warn(`[tests] ${left} built server(s) left running by their tests: killed`);
  };
}
