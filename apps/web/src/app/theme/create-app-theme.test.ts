import { describe, expect, it } from 'vitest';
import { createAppTheme } from './create-app-theme';

describe('motion', () => {
  it('a reader who asked for less motion gets no transitions and no ripple', () => {
    const theme = createAppTheme('theme-default', true);
    expect(theme.transitions.create(['opacity', 'transform'])).toBe('none');
    expect(theme.transitions.duration.enteringScreen).toBe(0);
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(true);
  });

  it('everyone else keeps them', () => {
    const theme = createAppTheme('theme-default', false);
    expect(theme.transitions.create('opacity')).toMatch(/^opacity \d+ms/);
    expect(theme.transitions.duration.enteringScreen).toBeGreaterThan(0);
    expect(theme.components?.MuiButtonBase?.defaultProps?.disableRipple).toBe(false);
  });
});
