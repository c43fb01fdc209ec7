import { resolutionClass } from './metric-catalogue';

describe('resolutionClass', () => {
  it('names a resolution by its shorter side, portrait or landscape alike', () => {
    expect(resolutionClass(320, 180)).toBe('480p');
    expect(resolutionClass(854, 480)).toBe('480p');
    expect(resolutionClass(1280, 720)).toBe('720p');
    expect(resolutionClass(1080, 1920)).toBe('1080p');
    expect(resolutionClass(1920, 1081)).toBe('1440p');
    expect(resolutionClass(2560, 1440)).toBe('1440p');
    expect(resolutionClass(3840, 2160)).toBe('2160p');
    expect(resolutionClass(7680, 4320)).toBe('above-2160p');
  });
});
