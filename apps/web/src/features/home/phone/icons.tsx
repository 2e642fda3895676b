export function FireIcon({ className = 'size-5' }: { className?: string }) {
  return (
    <svg viewBox="0 0 24 24" aria-hidden="true" className={className} fill="currentColor">
      <path d="M12.6 2.2a.75.75 0 0 0-1.18.28c-.9 2.02-2.27 3.46-3.6 4.86C6.2 9.06 4.5 10.84 4.5 14a7.5 7.5 0 0 0 15 0c0-2.3-.9-4.2-2.03-5.73a.75.75 0 0 0-1.3.28 4.6 4.6 0 0 1-1.2 2.1c.05-3.45-.9-6.26-2.37-8.45ZM12 21a3.75 3.75 0 0 1-3.75-3.75c0-1.56.83-2.57 1.75-3.55.5-.53 1.02-1.05 1.46-1.66a.6.6 0 0 1 1.03.09c.63 1.18 1.06 2.38 1.06 3.62.6-.33 1.02-.83 1.26-1.36a.6.6 0 0 1 1.02-.08c.55.78.92 1.78.92 2.94A3.75 3.75 0 0 1 12 21Z" />
    </svg>
  );
}

export function PhoneIcon({ className = 'size-6' }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      aria-hidden="true"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.75"
      strokeLinecap="round"
    >
      <rect x="6.5" y="2.75" width="11" height="18.5" rx="2.5" />
      <path d="M10.5 18h3" />
    </svg>
  );
}

export function PlusIcon({ className = 'size-3.5' }: { className?: string }) {
  return (
    <svg
      viewBox="0 0 16 16"
      aria-hidden="true"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
    >
      <path d="M8 3v10M3 8h10" />
    </svg>
  );
}
