/** The pieces of the list pages: search box, multi-select filter, paged rows and their states. */
export { MultiSelectFilter, multiSelectTexts, RecordsFilter, type MultiSelectFilterProps, type MultiSelectFilterTexts } from './multi-select-filter';
export { ClearFiltersButton, ListEmpty, ListHeader, PagedList, pagedListTexts, usePagedRows, type PagedListProps, type PagedListTexts, type PagedQuery, type PagedRows } from './paged-list';
export { CARD_LINK_CLASS, MobileCards } from './mobile-cards';
export { SearchBox, useListUrl, useSearchText, useUrlSearchText } from './search-box';
export { DataList, RecordTable, sortRows, urlSort, type ListColumn, type RecordTableProps } from './data-list';
export { SelectAllBox, SelectBox, SelectionBar, useRowSelection, type RowSelection, type RowSelectionTexts } from './row-selection';
export { useReferenceLabel, useReferenceOptions } from './reference-label';
export { ReferenceFilter } from './reference-filter';
export { TextFilter } from './text-filter';
export { SelectFilter, urlSelect } from './select-filter';
export { PeriodDate } from './period-date';
