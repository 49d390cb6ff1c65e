import { readFile } from 'node:fs/promises';
import { RegionPackError } from '../errors.js';

/** What {@link readJsonFile} says when the file cannot be used. */
export interface JsonFileMessages {
  /** The whole message when the file cannot be read, e.g. `census file not found`. */
  missing: string;
  /** The start of the message when it is not JSON, followed by the parser's reason in brackets. @default `not valid JSON` */
  invalid?: string;
}

/**
 * Reads and parses a JSON file of a region's inputs or pack.
 *
 * @param path - the file
 * @param messages - what to say when it is missing or not JSON
 * @returns the parsed value, unchecked
 * @throws RegionPackError naming the file when it cannot be read or is not valid JSON
 */
export async function readJsonFile(path: string, messages: JsonFileMessages): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new RegionPackError(path, messages.missing);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new RegionPackError(path, `${messages.invalid ?? 'not valid JSON'} (${error instanceof Error ? error.message : String(error)})`);
  }
}
