// "Claude is thinking... 3 s" while a request to a real model is in flight, so a slow answer does not
// look like a hang. Only on a terminal: piped output (a log, CI) never gets spinner frames.

const FRAMES = ["⠋", "⠙", "⠹", "⠸", "⠼", "⠴", "⠦", "⠧", "⠇", "⠏"];

export interface Spinner {
  start(label: string): void;
  stop(): void;
}

export function createSpinner(stream: NodeJS.WriteStream = process.stderr, everyMs = 100): Spinner {
  let timer: NodeJS.Timeout | undefined;
  let depth = 0; // requests in flight (several can overlap)
  const clear = () => stream.write("\r\x1b[K");
  return {
    start(label) {
      depth += 1;
      if (!stream.isTTY || timer) return;
      const started = Date.now();
      let frame = 0;
      const draw = () => {
        const seconds = Math.floor((Date.now() - started) / 1000);
        stream.write(`\r\x1b[K${FRAMES[frame++ % FRAMES.length]} ${label} ${seconds} s`);
      };
      draw();
      timer = setInterval(draw, everyMs);
      timer.unref();
    },
    stop() {
      depth = Math.max(0, depth - 1);
      if (depth > 0 || !timer) return;
      clearInterval(timer);
      timer = undefined;
      clear();
    },
  };
}
