import { ReloadOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Input, Space } from 'antd';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface SearchBarProps {
  /** The keyword last searched for (the box follows it when it changes from outside). */
  keyword?: string;
  placeholder?: string;
  /** Called with the trimmed keyword on Enter or the search button, and with '' on reset. */
  onSearch(keyword: string): void;
  /** Further filters shown before the keyword box. */
  children?: ReactNode;
  testId?: string;
}

/** Keyword search of every list page (design.md "Web"): Enter searches, reset clears. */
export function SearchBar({ keyword = '', placeholder, onSearch, children, testId }: SearchBarProps) {
  const { t } = useTranslation('widgets');
  const [text, setText] = useState(keyword);
  useEffect(() => setText(keyword), [keyword]);

  return (
    <Space wrap className="list-search-bar" data-testid={testId}>
      {children}
      <Input
        allowClear
        value={text}
        placeholder={placeholder ?? t('search.placeholder')}
        aria-label={placeholder ?? t('search.placeholder')}
        onChange={(event) => setText(event.target.value)}
        onPressEnter={() => onSearch(text.trim())}
        style={{ width: 240 }}
      />
      <Button type="primary" icon={<SearchOutlined />} onClick={() => onSearch(text.trim())}>
        {t('search.search')}
      </Button>
      <Button
        icon={<ReloadOutlined />}
        onClick={() => {
          setText('');
          onSearch('');
        }}
      >
        {t('search.reset')}
      </Button>
    </Space>
  );
}
