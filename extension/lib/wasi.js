// wasi.js: the WASI preview1 functions the classifier module imports
// (wasm/, built with GOOS=wasip1 -buildmode=c-shared), for the browser.
//
// The module is a reactor that does no I/O of its own: it needs a clock,
// random bytes, stdout/stderr for the Go runtime's messages (to the
// console), and answers that say "no arguments, no environment, no
// preopened directories". Nothing here touches the network, storage or
// chrome.* APIs.
//
// tests/wasm/wasm_test.go reads the import names from this file (every
// snake_case method of the preview1 object below) and fails when the built
// module imports one it does not provide.

// Errno values of WASI preview1.
const SUCCESS = 0;
const BADF = 8;
const INVAL = 28;

// Event and subscription tags of poll_oneoff.
const EVENTTYPE_CLOCK = 0;

// WASIExit is thrown by proc_exit: the module asked to stop.
export class WASIExit extends Error {
  constructor(code) {
    super(`wasm module exited with code ${code}`);
    this.name = "WASIExit";
    this.code = code;
  }
}

/**
 * lineWriter buffers bytes and hands complete lines to log.
 * @param {(line: string) => void} log
 */
function lineWriter(log) {
  const decoder = new TextDecoder();
  let pending = "";
  return (bytes) => {
    pending += decoder.decode(bytes, { stream: true });
    let nl;
    while ((nl = pending.indexOf("\n")) >= 0) {
      log(pending.slice(0, nl));
      pending = pending.slice(nl + 1);
    }
  };
}

/**
 * createWASI returns the import object for WebAssembly.instantiate and a
 * setMemory function to call with the instance's memory before anything
 * else runs (before _initialize).
 * @param {{stdout?: (line: string) => void, stderr?: (line: string) => void, args?: string[]}} [options]
 */
export function createWASI(options = {}) {
  let memory = null;
  const view = () => new DataView(memory.buffer);
  const bytes = (ptr, len) => new Uint8Array(memory.buffer, ptr, len);
  const encoder = new TextEncoder();
  const args = (options.args || ["classify.wasm"]).map((a) => encoder.encode(a + "\0"));
  const writers = {
    1: lineWriter(options.stdout || ((line) => console.log(line))),
    2: lineWriter(options.stderr || ((line) => console.error(line))),
  };
  const isStdio = (fd) => fd === 0 || fd === 1 || fd === 2;

  const nowNs = (id) => {
    // 0: realtime; 1, 2, 3: monotonic, process and thread CPU time, all
    // taken from the page's monotonic clock.
    if (id === 0) return BigInt(Math.round((performance.timeOrigin + performance.now()) * 1e6));
    return BigInt(Math.round(performance.now() * 1e6));
  };

  const preview1 = {
    args_sizes_get(argcPtr, bufSizePtr) {
      const v = view();
      v.setUint32(argcPtr, args.length, true);
      v.setUint32(bufSizePtr, args.reduce((n, a) => n + a.length, 0), true);
      return SUCCESS;
    },
    args_get(argvPtr, bufPtr) {
      const v = view();
      let at = bufPtr;
      args.forEach((a, i) => {
        v.setUint32(argvPtr + 4 * i, at, true);
        bytes(at, a.length).set(a);
        at += a.length;
      });
      return SUCCESS;
    },
    environ_sizes_get(countPtr, bufSizePtr) {
      const v = view();
      v.setUint32(countPtr, 0, true);
      v.setUint32(bufSizePtr, 0, true);
      return SUCCESS;
    },
    environ_get(environPtr, bufPtr) {
      return SUCCESS;
    },
    clock_time_get(id, precision, timePtr) {
      if (id < 0 || id > 3) return INVAL;
      view().setBigUint64(timePtr, nowNs(id), true);
      return SUCCESS;
    },
    random_get(ptr, len) {
      // getRandomValues fills at most 65536 bytes a call.
      for (let off = 0; off < len; off += 65536) {
        crypto.getRandomValues(bytes(ptr + off, Math.min(65536, len - off)));
      }
      return SUCCESS;
    },
    fd_write(fd, iovsPtr, iovsLen, nwrittenPtr) {
      const write = writers[fd];
      if (!write) return BADF;
      const v = view();
      let n = 0;
      for (let i = 0; i < iovsLen; i++) {
        const ptr = v.getUint32(iovsPtr + 8 * i, true);
        const len = v.getUint32(iovsPtr + 8 * i + 4, true);
        write(bytes(ptr, len).slice());
        n += len;
      }
      view().setUint32(nwrittenPtr, n, true);
      return SUCCESS;
    },
    fd_read(fd, iovsPtr, iovsLen, nreadPtr) {
      if (fd !== 0) return BADF;
      view().setUint32(nreadPtr, 0, true); // stdin is empty
      return SUCCESS;
    },
    fd_close(fd) {
      return isStdio(fd) ? SUCCESS : BADF;
    },
    fd_fdstat_get(fd, statPtr) {
      if (!isStdio(fd)) return BADF;
      const v = view();
      v.setUint8(statPtr, 2); // filetype: character device
      v.setUint16(statPtr + 2, 0, true); // flags
      v.setBigUint64(statPtr + 8, 0xffffffffffffffffn, true); // rights
      v.setBigUint64(statPtr + 16, 0xffffffffffffffffn, true);
      return SUCCESS;
    },
    fd_fdstat_set_flags(fd, flags) {
      return isStdio(fd) ? SUCCESS : BADF;
    },
    fd_prestat_get(fd, prestatPtr) {
      return BADF; // no preopened directories
    },
    fd_prestat_dir_name(fd, pathPtr, pathLen) {
      return BADF;
    },
    poll_oneoff(inPtr, outPtr, nsubscriptions, neventsPtr) {
      // The page's one thread cannot block, so every subscription fires at
      // once: a clock as if its time had come (the Go runtime checks the
      // time and polls again), an fd as ready.
      const v = view();
      for (let i = 0; i < nsubscriptions; i++) {
        const sub = inPtr + 48 * i;
        const ev = outPtr + 32 * i;
        const tag = v.getUint8(sub + 8);
        v.setBigUint64(ev, v.getBigUint64(sub, true), true); // userdata
        v.setUint16(ev + 8, SUCCESS, true); // error
        v.setUint8(ev + 10, tag); // type
        v.setBigUint64(ev + 16, 0n, true); // fd_readwrite.nbytes
        v.setUint16(ev + 24, 0, true); // fd_readwrite.flags
        if (tag !== EVENTTYPE_CLOCK && !isStdio(v.getUint32(sub + 16, true))) {
          v.setUint16(ev + 8, BADF, true);
        }
      }
      v.setUint32(neventsPtr, nsubscriptions, true);
      return SUCCESS;
    },
    sched_yield() {
      return SUCCESS;
    },
    proc_exit(code) {
      throw new WASIExit(code);
    },
  };

  return {
    imports: { wasi_snapshot_preview1: preview1 },
    /** @param {WebAssembly.Memory} m */
    setMemory(m) {
      memory = m;
    },
  };
}
