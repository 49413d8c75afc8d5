import fs from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";

/**
 * PGlite on a Node data directory, made to keep what it acknowledges across a crash or power cut.
 *
 * Out of the box PGlite 0.5 starts PostgreSQL with `-F` (fsync off), its NodeFS `syncToFs` is a no-op
 * (`relaxedDurability` only matters for the browser file systems), and Emscripten's NODEFS has no fsync
 * operation, so PostgreSQL's own fsync calls do nothing. Every write still reaches the kernel with a
 * synchronous write(2) before the query returns, so a killed process loses nothing, but an OS crash or power
 * cut could lose acknowledged commits. Here NODEFS gets a real fsync, and PostgreSQL runs with fsync on and
 * `wal_sync_method=fsync` (Emscripten's fdatasync is a no-op), so a commit returns only once its WAL record is
 * on disk, and checkpoints flush data files before WAL is recycled: the guarantee of a normal PostgreSQL.
 */
class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, options: Parameters<NodeFS["init"]>[1]) {
    const result = await super.init(pg, options);
    result.emscriptenOpts.preRun ??= [];
    const preRun = result.emscriptenOpts.preRun as Array<(mod: { NODEFS: EmscriptenNodeFs }) => void>;
    preRun.push((mod) => {
      mod.NODEFS.stream_ops.fsync = (stream: { nfd: number }) => fs.fsyncSync(stream.nfd);
      keepOwnerOnly(mod.NODEFS);
    });
    return result;
  }
}

/**
 * Emscripten's NODEFS gives the files it creates the modes of its virtual file system, 0666 and 0777 (and
 * chmods them so): the database's files would be open to every local user whenever DATA_DIR is.
 * Every mode it creates or sets is cut to the owner's bits, so PGlite's files are 0600 and its folders 0700.
 */
type Setattr = (target: unknown, attr: { mode?: number }) => void;
/** What this module changes of Emscripten's NODEFS (its types are not published). */
type EmscriptenNodeFs = {
  node_ops: { mknod: (parent: unknown, name: string, mode: number, dev: unknown) => unknown; setattr: Setattr };
  stream_ops: { fsync: (stream: { nfd: number }) => void; setattr: Setattr };
};

function keepOwnerOnly(nodefs: EmscriptenNodeFs) {
  const ownerOnly = (mode: number) => mode & ~0o077;
  const { mknod, setattr } = nodefs.node_ops;
  nodefs.node_ops.mknod = (parent: unknown, name: string, mode: number, dev: unknown) =>
    mknod(parent, name, ownerOnly(mode), dev);
  nodefs.node_ops.setattr = (node: unknown, attr: { mode?: number }) =>
    setattr(node, attr.mode === undefined ? attr : { ...attr, mode: ownerOnly(attr.mode) });
  const streamSetattr = nodefs.stream_ops.setattr;
  nodefs.stream_ops.setattr = (stream: unknown, attr: { mode?: number }) =>
    streamSetattr(stream, attr.mode === undefined ? attr : { ...attr, mode: ownerOnly(attr.mode) });
}

const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((param) => param !== "-F"),
  "-c",
  "wal_sync_method=fsync",
];

/** `loadDataDir`: a dumpDataDir tarball to unpack into the (empty) directory first, as a restore does. */
export function openDurablePglite(directory: string, loadDataDir?: Blob): Promise<PGlite> {
  fs.mkdirSync(directory, { recursive: true, mode: 0o700 });
  return PGlite.create({
    fs: new DurableNodeFS(directory),
    relaxedDurability: false,
    startParams: DURABLE_START_PARAMS,
    loadDataDir,
  });
}
