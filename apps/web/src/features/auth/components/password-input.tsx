import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { styled } from '@mui/material/styles';
import { TextInput, type TextInputProps } from './text-input';

/**
 * Heroicons' outline eye and eye-slash, inline: the shared Icon component brings the whole icon
 * registry of the app (5 KB gzipped and growing) into the sign-in page's first load.
 */
const EYE =
  'M2.036 12.322a1 1 0 0 1 0-.639C3.423 7.51 7.36 4.5 12 4.5c4.638 0 8.573 3.007 9.963 7.178c.07.207.07.431 0 .639C20.577 16.49 16.64 19.5 12 19.5c-4.638 0-8.573-3.007-9.963-7.178M15 12a3 3 0 1 1-6 0a3 3 0 0 1 6 0';
const EYE_SLASH =
  'M3.98 8.223A10.5 10.5 0 0 0 1.934 12c1.292 4.339 5.31 7.5 10.066 7.5c.993 0 1.953-.138 2.863-.395M6.228 6.228A10.45 10.45 0 0 1 12 4.5c4.756 0 8.773 3.162 10.065 7.499a10.52 10.52 0 0 1-4.293 5.773M6.228 6.228L3 3m3.228 3.228l3.65 3.65m7.894 7.894L21 21m-3.228-3.228l-3.65-3.65m0 0a3 3 0 1 0-4.243-4.243m4.242 4.242L9.88 9.88';

/** Round and 44 px, as MUI's IconButton, without ButtonBase and its ripple (see PlainButton). */
const Toggle = styled('button')(({ theme }) => {
  const p = (theme.vars ?? theme).palette;
  return {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: 44,
    height: 44,
    padding: 0,
    margin: 0,
    border: 0,
    borderRadius: '50%',
    background: 'none',
    cursor: 'pointer',
    color: p.text.secondary,
    '&:hover': { backgroundColor: p.action.hover },
    '&:focus-visible': { outline: `2px solid ${p.primary.main}`, outlineOffset: 0 },
  };
});

/** A password field with a show/hide toggle; the toggle keeps focus where the person is typing. */
export function PasswordInput(props: TextInputProps) {
  const { t } = useTranslation();
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      type={visible ? 'text' : 'password'}
      autoCapitalize="off"
      spellCheck={false}
      end={
        <Toggle
          type="button"
          onClick={() => setVisible((v) => !v)}
          onMouseDown={(e) => e.preventDefault()}
          aria-label={visible ? t('auth.password.hide') : t('auth.password.show')}
          aria-pressed={visible}
        >
          <svg
            width="20"
            height="20"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinecap="round"
            strokeLinejoin="round"
            aria-hidden
          >
            <path d={visible ? EYE_SLASH : EYE} />
          </svg>
        </Toggle>
      }
      {...props}
    />
  );
}
