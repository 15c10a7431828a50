import { DotLoading, NavBar } from 'antd-mobile';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';

/** Full-screen wait while a page or the session loads. */
export function Loading() {
  return (
    <div className="m-loading" aria-busy="true">
      <DotLoading color="primary" />
    </div>
  );
}

/** A page under the tab bar's pages: a title bar with a back arrow, then the content. */
export function SubPage({
  title,
  children,
  right,
}: {
  title: string;
  children: ReactNode;
  right?: ReactNode;
}) {
  const navigate = useNavigate();
  return (
    <div className="m-page">
      <NavBar className="m-navbar" onBack={() => navigate(-1)} right={right}>
        {title}
      </NavBar>
      <div className="m-page__body">{children}</div>
    </div>
  );
}

const pad = (n: number) => String(n).padStart(2, '0');

/** A time as the list rows show it: MM-DD HH:mm this year, else YYYY-MM-DD. */
export function shortTime(value: number | null | undefined): string {
  if (!value) return '';
  const date = new Date(value);
  const now = new Date();
  if (date.getFullYear() !== now.getFullYear())
    return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  return `${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}
