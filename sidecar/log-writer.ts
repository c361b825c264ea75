/**
 * Collects log lines and writes them in one call per event-loop turn (or every 64 KB): under load
 * one write per request is a system call per request; batched, the cost disappears while lines
 * still leave within a millisecond. `flush()` writes what is pending (call it before exiting).
 */
export function createBatchedWriter(write: (chunk: string) => void, maxBytes = 64 * 1024): { line(text: string): void; flush(): void } {
  let pending: string[] = [];
  let bytes = 0;
  let scheduled = false;
  const flush = (): void => {
    scheduled = false;
    if (pending.length === 0) return;
    const chunk = `${pending.join('\n')}\n`;
    pending = [];
    bytes = 0;
    write(chunk);
  };
  return {
    line(text) {
      pending.push(text);
      bytes += text.length + 1;
      if (bytes >= maxBytes) flush();
      else if (!scheduled) {
        scheduled = true;
        setImmediate(flush);
      }
    },
    flush,
  };
}
