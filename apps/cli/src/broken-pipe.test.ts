import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { exitOnBrokenPipe } from './broken-pipe.js';

describe('exitOnBrokenPipe', () => {
  it('exits 0 when the reader closed the pipe, and leaves other stream errors thrown', () => {
    const stream = new EventEmitter();
    const codes: number[] = [];
    exitOnBrokenPipe(stream, (code) => codes.push(code));
    stream.emit('error', Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }));
    expect(codes).toEqual([0]);
    expect(() => stream.emit('error', Object.assign(new Error('write EIO'), { code: 'EIO' }))).toThrow('EIO');
    expect(codes).toEqual([0]);
  });
});
