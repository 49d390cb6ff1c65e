import * as scoring from '@locscore/engine';
import * as regionImport from '@locscore/engine/import';
import * as sample from '@locscore/engine/sample';
import { describe, expect, it } from 'vitest';

/** The runtime names each subpath of package.json's `exports` gives (types aside). */
describe('@locscore/engine subpath exports', () => {
  it('`.` scores: engine, pack loading, geocoder, model constants and errors, but no importer', () => {
    expect(Object.keys(scoring)).toEqual(
      expect.arrayContaining([
        'createEngine',
        'loadRegion',
        'createGeocoder',
        'parseAddress',
        'RegionPackError',
        'AddressNotFoundError',
        'MODEL_VERSION',
        'PACK_FORMAT_VERSION',
      ]),
    );
    expect(Object.keys(scoring)).not.toContain('importRegion');
    expect(Object.keys(scoring)).not.toContain('buildSampleRegion');
  });

  it('`./import` builds packs and `./sample` holds the sample region', () => {
    expect(Object.keys(regionImport).sort()).toEqual(['MANIFEST_FILE', 'PACK_LAYERS', 'importRegion']);
    expect(Object.keys(sample).sort()).toEqual(['SAMPLE_REGION_NAME', 'buildSampleRegion', 'writeSampleSources']);
  });
});
