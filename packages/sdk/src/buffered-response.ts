/**
 * A successful (2xx) response of the client's connection pool whose body is
 * already in memory. `text()`, `json()`, `arrayBuffer()` and `clone()`
 * answer from the buffered text, and `headers` is built from the raw header
 * pairs only when first read: on Node 20 a fetch `Response` built with a
 * body wraps it in a web stream, and filling its `Headers` validates every
 * header (the reference server sends about twenty), which together cost a
 * batch more CPU per row than the rest of the response. `body` is `null`.
 * Error responses are plain `Response`s with a real body, since ky's retry
 * rules and the SDK's error mapping clone and read them as streams.
 */
export class BufferedResponse extends Response {
  readonly #text: string;
  /** Header lines: name, value, name, value… */
  readonly #rawHeaders: readonly string[];
  #headers: Headers | undefined;

  /**
   * @param status - a 2xx status with a body (not 204 or 205)
   * @param rawHeaders - the response's header names and values, alternating (latin1-decoded strings)
   * @param text - the whole body, UTF-8 decoded
   */
  constructor(status: number, rawHeaders: readonly string[], text: string) {
    super(null, { status });
    this.#rawHeaders = rawHeaders;
    this.#text = text;
  }

  /**
   * The value of one header without building `headers`; repeated headers
   * are joined with `, ` as `Headers.get` joins them.
   *
   * @param name - header name, any case
   * @returns the value, or `null` when the response has no such header
   */
  header(name: string): string | null {
    const wanted = name.toLowerCase();
    let value: string | null = null;
    for (let index = 0; index + 1 < this.#rawHeaders.length; index += 2) {
      if (this.#rawHeaders[index]?.toLowerCase() !== wanted) continue;
      const next = this.#rawHeaders[index + 1] ?? '';
      value = value === null ? next : `${value}, ${next}`;
    }
    return value;
  }

  static {
    // Defined on the prototype (the DOM typings declare these as properties, so TypeScript refuses a method override).
    const bodyText = (response: BufferedResponse): string => response.#text;
    Object.defineProperties(BufferedResponse.prototype, {
      headers: {
        get(this: BufferedResponse): Headers {
          if (this.#headers === undefined) {
            const headers = new Headers();
            for (let index = 0; index + 1 < this.#rawHeaders.length; index += 2) {
              headers.append(this.#rawHeaders[index] ?? '', this.#rawHeaders[index + 1] ?? '');
            }
            this.#headers = headers;
          }
          return this.#headers;
        },
      },
      text: {
        value(this: BufferedResponse): Promise<string> {
          return Promise.resolve(bodyText(this));
        },
      },
      json: {
        value(this: BufferedResponse): Promise<unknown> {
          return Promise.resolve(bodyText(this)).then((text) => JSON.parse(text));
        },
      },
      arrayBuffer: {
        value(this: BufferedResponse): Promise<ArrayBuffer> {
          return Promise.resolve(new TextEncoder().encode(bodyText(this)).buffer);
        },
      },
      clone: {
        value(this: BufferedResponse): BufferedResponse {
          return new BufferedResponse(this.status, this.#rawHeaders, bodyText(this));
        },
      },
    });
  }
}
