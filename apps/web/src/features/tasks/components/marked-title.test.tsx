import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { MarkedTitle, markedParts } from './marked-title';

describe('markedParts', () => {
  it('splits the marks from the text and reads the escapes back as text', () => {
    expect(markedParts('&lt;b&gt;Pay <mark>RENT</mark> &amp; fees')).toEqual([
      { text: '<b>Pay ', mark: false },
      { text: 'RENT', mark: true },
      { text: ' & fees', mark: false },
    ]);
    expect(markedParts('No match')).toEqual([{ text: 'No match', mark: false }]);
  });

  it('renders a title that held markup as text, with only the marks as elements', () => {
    const { container } = render(<MarkedTitle html={'&lt;img src=x onerror=alert(1)&gt; <mark>rent</mark>'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelectorAll('mark')).toHaveLength(1);
    expect(container.textContent).toBe('<img src=x onerror=alert(1)> rent');
  });
});
