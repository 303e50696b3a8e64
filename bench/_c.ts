import { coldStart } from './cold-start.js';
import { printTable } from './lib.js';
printTable('c', await coldStart(Number(process.env.RUNS ?? 2)));
