/** Writes name.br and name.gz beside each compressible file of `dir` (the web build by default); returns how many. */
export function precompressDist(dir?: string): number;
/** Builds the web app when its build is missing or older than its sources; true when it built. */
export function buildWebIfStale(): boolean;
