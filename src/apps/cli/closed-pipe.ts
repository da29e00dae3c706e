// Output to a reader that has gone away (`skillops evolve --help | head`): the write fails with
// EPIPE, which Node raises as an unhandled 'error' event with a stack trace. The reader chose to stop
// reading, so the command drops the rest of that stream's output and carries on to its own end and
// exit status (an evolve piped into `head` still writes its run record); any other write error is
// still raised.
import type { Writable } from "node:stream";

const watched = new WeakMap<Writable, { closed: boolean }>();

/** A writer to `stream` that goes quiet once the stream's reader has closed the pipe. */
export function closedPipeWriter(stream: Writable): (text: string) => void {
  let state = watched.get(stream);
  if (!state) {
    const s = { closed: false };
    stream.on("error", (e: NodeJS.ErrnoException) => {
      if (e.code !== "EPIPE") throw e;
      s.closed = true;
    });
    watched.set(stream, s);
    state = s;
  }
  const seen = state;
  return (text) => {
    if (!seen.closed) stream.write(text);
  };
}
