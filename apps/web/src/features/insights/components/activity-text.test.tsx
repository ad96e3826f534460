import { describe, expect, it } from 'vitest';
import { render } from '@testing-library/react';
import { ActivityText, descriptionParts } from './activity-text';

describe('ActivityText', () => {
  it('shows the bold part bold and escaped names as text, never as markup', () => {
    const html = 'You recorded <strong>&lt;img src=x onerror=&quot;alert(1)&quot;&gt; &amp; co</strong>';
    const { container } = render(<ActivityText html={html} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('strong')?.textContent).toBe('<img src=x onerror="alert(1)"> & co');
    expect(container.textContent).toBe('You recorded <img src=x onerror="alert(1)"> & co');
  });

  it('drops any other tag a description might hold', () => {
    expect(descriptionParts('a <em>b</em> <script>c</script>')).toEqual([{ text: 'a b c', strong: false }]);
  });
});
