# %%
# 게임만 있는 페이지예요. Voilà용이에요 (Binder에서는
# `…?urlpath=voila/render/lessons/demo-play.ko.ipynb`, 내 컴퓨터에서는
# `PALEOWIDGETS_LANG=ko ./kit voila`가 같은 페이지를 보여 줘요). Voilà는 결과만 보여 줘요:
# 페이지의 모든 낱말은 고른 언어의 카탈로그에서 나와요. 그래서 페이지는 그 언어로만 말해요.
# Voilà에서는 위젯이 먼저 학생의 이름을 묻고(탭마다 자기 커널이에요) 그 이름으로 게임을 저장해요.
import os

from IPython.display import Markdown, display

from paleowidgets import PlayWidget, load_map
from paleowidgets.i18n import rules_summary, set_language, t

# 언어: PALEOWIDGETS_LANG가 정해져 있으면 그 언어, 아니면 이 페이지의 언어예요
# (한국어예요. demo-play.ipynb는 같은 페이지의 영어판이에요).
set_language(None if os.environ.get("PALEOWIDGETS_LANG") else "ko")

display(Markdown(f"# {t('demo.title')}\n\n{t('demo.intro')}"))
PlayWidget(load_map("dig-site"), seed="TREX-4821")

# %%
Markdown(rules_summary())
