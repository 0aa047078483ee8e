/**
 * `npm run lab:ha`: starts a highly available PostgreSQL on this machine (etcd, three Patroni nodes
 * with synchronous replication, HAProxy; see ha-lab.ts), prints the two URLs to give Till, and
 * stops everything, removing its files, on Ctrl+C (SIGINT) or SIGTERM.
 */
import { HaLab } from './ha-lab.js';

const lab = await HaLab.start({ progress: (line) => console.log(line) });
console.log(`
DATABASE_URL=${lab.primaryUrl}
DATABASE_READ_URL=${lab.replicasUrl}

Try a switchover:  patronictl -c ${lab.nodes[0]!.config} switchover till-lab
Cluster state:     patronictl -c ${lab.nodes[0]!.config} list
Ctrl+C stops the cluster and removes ${lab.dir}`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (stopping) return;
    stopping = true;
    console.log('stopping the cluster');
    lab.stop().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
  });
}
