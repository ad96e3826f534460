import type { Language } from '@cuadre/contracts';

/**
 * Small inline flags for the language switcher: drawn here rather than fetched, and SVG rather than
 * emoji because some systems (Windows) draw flag emoji as two letters.
 */
const box = {
  width: 20,
  height: 14,
  viewBox: '0 0 20 14',
  'aria-hidden': true,
  focusable: false,
  style: { borderRadius: 2, flexShrink: 0, display: 'block' },
} as const;

function UsFlag() {
  return (
    <svg {...box}>
      <rect width="20" height="14" fill="#fff" />
      {[0, 2, 4, 6, 8, 10, 12].map((i) => (
        <rect key={i} y={(i * 14) / 13} width="20" height={14 / 13} fill="#b22234" />
      ))}
      <rect width="9" height={(7 * 14) / 13} fill="#3c3b6e" />
      {[1.5, 4.5, 7.5].flatMap((x) => [1.5, 3.7, 5.9].map((y) => <circle key={`${x}-${y}`} cx={x} cy={y} r="0.6" fill="#fff" />))}
    </svg>
  );
}

function EsFlag() {
  return (
    <svg {...box}>
      <rect width="20" height="14" fill="#aa151b" />
      <rect y="3.5" width="20" height="7" fill="#f1bf00" />
    </svg>
  );
}

/** A five-pointed star with one point towards the crescent, as on the Turkish flag. */
const STAR = Array.from({ length: 10 }, (_, k) => {
  const r = k % 2 === 0 ? 1.6 : 0.62;
  const a = Math.PI + (k * Math.PI) / 5;
  return `${(11.4 + r * Math.cos(a)).toFixed(2)},${(7 + r * Math.sin(a)).toFixed(2)}`;
}).join(' ');

function TrFlag() {
  return (
    <svg {...box}>
      <rect width="20" height="14" fill="#e30a17" />
      <circle cx="7.5" cy="7" r="3.5" fill="#fff" />
      <circle cx="8.4" cy="7" r="2.8" fill="#e30a17" />
      <polygon fill="#fff" points={STAR} />
    </svg>
  );
}

const FLAGS: Record<Language, () => React.JSX.Element> = { en: UsFlag, es: EsFlag, tr: TrFlag };

export function Flag({ language }: { language: Language }) {
  const Component = FLAGS[language];
  return <Component />;
}
