/** Progress of one pass of the PBF reader. */
export interface PassProgress {
  /** Which pass: `nodes+relations` (every block, nodes stored, relations handed out) or `ways` (way blocks only). */
  pass: 'nodes+relations' | 'ways';
  /** Elements decoded in this pass so far. */
  objects: number;
  /** Blocks read in this pass so far. */
  blocks: number;
  /** Wall time of the pass so far, ms. */
  ms: number;
  /** Elements per second over the pass so far. */
  perSecond: number;
  /** True on the last event of the pass. */
  done: boolean;
}

/** Counts a pass's elements and reports every `everyBlocks` blocks and at its end. */
export class PassMeter {
  private readonly started = performance.now();
  private objects = 0;
  private blocks = 0;

  /**
   * @param pass - the pass
   * @param report - receives the events
   * @param everyBlocks - blocks between events; @default 256
   */
  constructor(
    private readonly pass: PassProgress['pass'],
    private readonly report: ((progress: PassProgress) => void) | undefined,
    private readonly everyBlocks = 256,
  ) {}

  /** Counts a block of `objects` elements. */
  block(objects: number): void {
    this.objects += objects;
    this.blocks++;
    if (this.blocks % this.everyBlocks === 0) this.report?.(this.progress(false));
  }

  /** Ends the pass; its last event. */
  done(): PassProgress {
    const progress = this.progress(true);
    this.report?.(progress);
    return progress;
  }

  private progress(done: boolean): PassProgress {
    const ms = Math.round(performance.now() - this.started);
    return { pass: this.pass, objects: this.objects, blocks: this.blocks, ms, perSecond: ms === 0 ? 0 : Math.round((this.objects / ms) * 1000), done };
  }
}
