// 20 SIGKILL rounds under load (test/state-crash.ts).
import { CRASH_CONFIG, killNineRounds } from './state-crash.ts';
import { stateDir } from './state-process.ts';

killNineRounds({
  name: 'one state file',
  open: async () => {
    const dir = stateDir(CRASH_CONFIG);
    return { env: { STATE: dir.state, CONFIG: dir.config }, where: { file: dir.state }, dir: dir.dir };
  },
});
