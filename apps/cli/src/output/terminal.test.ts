import { describe, expect, it } from 'vitest';
import { colorLevel, createTerminal } from './terminal.js';

describe('colorLevel', () => {
  it('is 0 off a terminal and with NO_COLOR', () => {
    expect(colorLevel(false, {})).toBe(0);
    expect(colorLevel(true, { NO_COLOR: '1' })).toBe(0);
    expect(colorLevel(true, { TERM: 'dumb' })).toBe(0);
  });

  it('colours a terminal, and FORCE_COLOR wins', () => {
    expect(colorLevel(true, {})).toBe(2);
    expect(colorLevel(true, { NO_COLOR: '' })).toBe(2);
    expect(colorLevel(true, { COLORTERM: 'truecolor' })).toBe(3);
    expect(colorLevel(false, { FORCE_COLOR: '1' })).toBe(1);
    expect(colorLevel(false, { FORCE_COLOR: '0' })).toBe(0);
  });
});

describe('createTerminal', () => {
  it('styles each stream by its own TTY state', () => {
    const sink = { write: () => true };
    const terminal = createTerminal({ stdout: { ...sink, isTTY: false }, stderr: { ...sink, isTTY: true } }, {});
    expect(terminal.stdoutIsTTY).toBe(false);
    expect(terminal.stderrIsTTY).toBe(true);
    expect(terminal.out.red('x')).toBe('x');
    expect(terminal.err.red('x')).not.toBe('x');
  });

  it('gives the card the width of a terminal on stdout, none for a pipe', () => {
    const sink = { write: () => true };
    expect(createTerminal({ stdout: { ...sink, isTTY: true, columns: 60 }, stderr: sink }, {}).stdoutColumns).toBe(60);
    expect(createTerminal({ stdout: { ...sink, isTTY: false, columns: 60 }, stderr: sink }, {}).stdoutColumns).toBeUndefined();
  });
});
