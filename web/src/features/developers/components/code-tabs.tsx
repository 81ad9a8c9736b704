// One request in each language, a tab per language, each with its Copy button. The language chosen is kept per page
// visit by the caller, so switching once switches every example.
import { CodeBlock } from "./code-block";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { SNIPPET_LANGUAGE_LABELS, SNIPPET_LANGUAGES, type SnippetLanguage } from "../lib/snippets";

type CodeTabsProps = {
  /** Names the examples for screen readers: "validate-email examples". */
  label: string;
  code: Record<SnippetLanguage, string>;
  language: SnippetLanguage;
  onLanguageChange: (language: SnippetLanguage) => void;
};

export function CodeTabs({ label, code, language, onLanguageChange }: CodeTabsProps) {
  return (
    <Tabs value={language} onValueChange={(value) => onLanguageChange(value as SnippetLanguage)} className="grid grid-cols-1 gap-2">
      <TabsList aria-label={label} className="w-fit">
        {SNIPPET_LANGUAGES.map((name) => (
          <TabsTrigger key={name} value={name}>
            {SNIPPET_LANGUAGE_LABELS[name]}
          </TabsTrigger>
        ))}
      </TabsList>
      {SNIPPET_LANGUAGES.map((name) => (
        <TabsContent key={name} value={name}>
          <CodeBlock code={code[name]} label={`${label}: ${SNIPPET_LANGUAGE_LABELS[name]}`} />
        </TabsContent>
      ))}
    </Tabs>
  );
}
