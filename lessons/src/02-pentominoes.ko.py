# %% [markdown]
# # 2강 — 펜토미노: 왜 12개일까요 (그리고 18개, 63개)
#
# **학습 목표**
# - *펜토미노*가 무엇인지 알아요: 정사각형 다섯 개가 서로 변 하나를 통째로 붙이고 있어요.
# - **자유** 펜토미노(돌리기와 뒤집기 허용), **한면** 펜토미노(돌리기만), **고정**
#   펜토미노(둘 다 안 돼요)를 구별하고, 12, 18, 63이라는 수를 설명해요.
# - 모양의 대칭으로 방향의 수를 세요: *궤도 × 안정자 = 8*.
# - 테트로미노에 정사각형을 하나씩 붙여서 모든 펜토미노를 찾아요.
#
# *고생물학자들*에서 모양 주사위는 펜토미노를 하나 줘요. 그리기 전에 돌리거나 뒤집어도
# 돼요. 그래서 시트에서 알파벳 하나는 여러 그림을 뜻해요.
#
# **문제 푸는 방법.** 문제는 그 답을 알려 주는 코드보다 *먼저* 나와요. `answer = None`
# 코드에서 `None` 자리에 답을 쓰고 실행한 다음, 그 아래의 확인 코드를 실행하세요. 맞았는지
# 알려 주거나 힌트를 줘요.

# %% [markdown] teacher
# ## 선생님을 위한 안내 (교사용에만 있어요)
# **교육과정.** 평면도형의 뒤집기와 돌리기; **대칭축**과 **회전대칭의 차수**(T: 대칭축
# 1개, 차수 1; I: 대칭축 2개, 차수 2; X: 대칭축 4개, 차수 4); 빠짐없이 체계적으로 세고
# 나열하기; 상급 학생에게는 정사각형의 군과 궤도-안정자 정리. 11세 이상, 50분.
#
# | 부분 | 분 |
# |---|---|
# | 열두 모양, 주사위 | 8 |
# | 모양 하나, 그림 여러 개: F, 문제 1, T | 10 |
# | 궤도 × 안정자, 문제 2, 표 | 7 |
# | 문제 3과 4, 그리고 12, 18, 63 | 10 |
# | 테트로미노에서 키우기 | 7 |
# | 문제 5와 6 (그리기), 마무리 문제 | 8 |
#
# **자주 하는 오해.**
# - "뒤집은 모양은 다른 펜토미노다": *자유* 펜토미노 12개에서는 돌리고 뒤집어도 같은
#   펜토미노예요. 뒤집기로 새 조각이 생기는 건 한면 펜토미노(18개)를 세어 볼 때예요.
# - 문제 1: 8 (움직일 때마다 새 그림이라고 생각하기). T의 그림은 두 개씩 겹쳐요.
# - 문제 2: 항등 변환을 잊기 (아무것도 안 하면 언제나 모양이 그대로예요).
# - 문제 3: 대칭축이 없는 모양 대신 대칭축이 *있는* 모양을 적기.
# - "고정 = 12 × 8 = 96": 8가지 방향이 있는 건 F, L, N, P, Y, Z뿐이에요. 96은 번사이드의
#   합이고, 그것을 8로 나눠요.
#
# **좌표.** 칸은 `(x, y)`이고 y는 *아래로* 세요(시트에서처럼). 문제 5와 6에서 y를 위로
# 세는 학생은 거울상을 그려요. 그래도 같은 자유 펜토미노이고, 확인은 모든 방향을
# 받아들이니 여기서는 문제가 없어요. 3강에서는 중요해요.
#
# **쉬운 길.** 시트를 인쇄해서 열두 모양을 두꺼운 종이로 오려요. 학생들이 문제 1–4를
# 돌리고 뒤집으며 풀어요. *키우기*와 *더 나아가기*는 건너뛰어요.
# **어려운 길.** *더 나아가기*: 번사이드로 세기(96 / 8 = 12), 궤도의 크기가 왜 8의
# 약수인지, 헥소미노(자유 35개, 한면 60개, 고정 216개:
# `check.check_counts(6, 35, 60, 216)`).
#
# 풀이는 아래의 답 코드에 그 까닭과 함께 있어요. 이 교사용에서는 그 아래의 확인이 ✔를
# 보여 줘요.

# %%
from paleowidgets.core.geometry import (
    FIXED,
    FIXED_BY_LETTER,
    LETTERS,
    ONE_SIDED,
    PENTOMINOES,
    SYMMETRIES,
    canonical,
    count_shapes,
    grow,
    orbit,
    polyominoes,
    stabiliser,
)
from paleowidgets.core.maps import Dice
from paleowidgets.exercises import lesson02 as check
from paleowidgets.i18n import set_language
from paleowidgets.render.figures import dice_svg, orbit_svg, pentominoes_svg, shapes_svg

# 아래의 모든 글(그림, 확인)의 언어를 한 번에 정해요.
set_language("ko")

pentominoes_svg()

# %% [markdown]
# ## 열두 모양과 알파벳
# 이것이 **자유** 펜토미노 열두 개예요. 저마다 조금 닮은 알파벳의 이름이 붙어 있어요:
# F, I, L, N, P, T, U, V, W, X, Y, Z. 한 그림을 돌리거나 뒤집어서 다른 그림에 딱 겹칠
# 수 있으면, 두 그림은 *같은 자유 펜토미노*예요.
#
# ## 주사위의 모양
# 모양 주사위에는 면이 여섯 개 있고, 면마다 모양을 두 개씩 줘요: 열두 모양이 모두 한
# 번씩 있어요.

# %%
dice = Dice()
for face, shapes in enumerate(dice.shapes, start=1):
    print(f"{face}의 눈: {' 또는 '.join(shapes)}")
dice_svg(dice)

# %% [markdown]
# ## 모양 하나, 그림 여러 개: 궤도
# F를 봐요. 90°, 180°, 270° 돌려 보고, 뒤집어서 다시 돌려 봐요: 모두 여덟 가지
# 움직임이에요(**정사각형의 대칭 여덟 가지**). F는 여덟 그림이 모두 달라요. 서로 다른
# 그림들의 모임이 그 모양의 **궤도**예요.

# %%
orbit_svg("F")

# %% [markdown]
# **문제 1.** T는 좌우로 뒤집어도 똑같아 보여요. T에는 *서로 다른* 그림(방향)이 몇 개
# 있을까요? 확인 다음의 코드를 실행하기 전에 자연수로 답하세요.

# %% answer
### BEGIN SOLUTION
answer = 4      # 움직임은 8가지지만 그림마다 두 번씩 나와요 (좌우로 뒤집으면 그대로예요)
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_fixed_count("T", answer)
### END HIDDEN TESTS
check.check_fixed_count("T", answer)

# %% [markdown]
# T는 F와 달라요: 좌우로 뒤집어도 같은 T가 돼요. 모양을 바꾸지 않는 대칭들이 그 모양의
# **안정자**예요. T의 안정자에는 대칭 8개 중 2개가 있어요. 그래서 여덟 가지 움직임은
# 그림마다 두 번씩 주고, T에는 서로 다른 그림이 8 ÷ 2 = 4개만 있어요. 아래에 서로 다른
# 그림을 한 번씩, 그 그림을 주는 *모든* 대칭과 함께 그렸어요.

# %%
orbit_svg("T")

# %% [markdown]
# **규칙: 궤도 × 안정자 = 8.**
#
# **문제 2.** U에는 서로 다른 방향이 4개 있어요. 대칭 8개 중 몇 개가 U를 U 자신으로
# 보낼까요? (자연수로 답해요. 규칙을 써 보세요.)

# %% answer
### BEGIN SOLUTION
answer = 2      # 궤도 × 안정자 = 8: 4 × 2 (아무것도 안 하기, 그리고 좌우 대칭)
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_stabiliser_size("U", answer)
### END HIDDEN TESTS
check.check_stabiliser_size("U", answer)

# %% [markdown]
# 이제 열두 모양의 표예요:

# %%
print("모양  궤도  안정자  궤도 x 안정자")
for letter in LETTERS:
    cells = PENTOMINOES[letter].cells
    n, k = len(orbit(cells)), len(stabiliser(cells))
    print(f"  {letter}     {n}     {k}          {n * k}")
print("고정 펜토미노:", sum(len(orbit(p.cells)) for p in PENTOMINOES.values()))

# %% [markdown]
# **문제 3.** 거울상과 다른 펜토미노는 어느 것일까요(뒤집은 모양을 어떻게 돌려도 원래
# 모양에 겹치지 않아요)? `["F", "T"]`처럼 알파벳의 리스트로 답하세요.

# %% answer
### BEGIN SOLUTION
answer = ["F", "L", "N", "P", "Y", "Z"]     # 대칭축이 없는 여섯 모양이에요
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_mirror_pairs(answer)
### END HIDDEN TESTS
check.check_mirror_pairs(answer)

# %% [markdown]
# **문제 4.** 윗면에 색을 칠한 조각은 돌릴 수는 있지만 뒤집을 수는 없어요. 그런 조각
# (**한면** 펜토미노)은 서로 다른 것이 몇 개 있을까요? 자유 펜토미노는 12개, 고정
# 펜토미노는 63개예요. 자연수로 답하세요.

# %% answer
### BEGIN SOLUTION
answer = 18     # 12개에, 문제 3의 여섯 모양마다 하나씩 더해요
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_totals(free=12, one_sided=answer, fixed=63)
### END HIDDEN TESTS
check.check_totals(free=12, one_sided=answer, fixed=63)

# %% [markdown]
# **이 생각을 연습하는 퍼즐: *들어가는 길은 하나*** (`puzzles/1-beginner/23-one-way-in.toml`). 상어 이빨
# 옆의 빈 곳은 Y 모양이에요. Y의 그림 여덟 개 가운데 하나만 들어가요. 8강의 퍼즐 위젯으로
# 해 보세요: `PuzzleWidget("../puzzles/1-beginner/23-one-way-in.toml")`.

# %% [markdown]
# ## 12, 18, 63
# - **고정** 펜토미노: 서로 다른 그림을 모두 세요. 궤도를 더해요:
#   8 + 2 + 8 + 8 + 8 + 4 + 4 + 4 + 4 + 1 + 8 + 4 = **63**.
# - **한면** 펜토미노: 돌리기는 되지만 뒤집기는 안 돼요(윗면에 색을 칠한 조각을 생각해
#   보세요). 돌려서는 거울상이 될 수 없는 모양은 두 번 세요: F, L, N, P, Y, Z. 그래서
#   12 + 6 = **18**.
# - **자유** 펜토미노: 돌리기와 뒤집기가 모두 돼요: **12**.
#
# 패키지가 고정 펜토미노 63개에서 세어 줘요:

# %%
print("자유, 한면, 고정 =", count_shapes(FIXED))
print(len(ONE_SIDED), "(한면),", len(FIXED), "(고정)")
print({letter: len(forms) for letter, forms in FIXED_BY_LETTER.items()})

# %% [markdown]
# ## 키우기: 테트로미노에서 펜토미노로
# 열두 개보다 더 없다는 걸 어떻게 알까요? 정사각형 하나에서 시작해서, 이미 있는 정사각형
# 옆에 정사각형을 하나씩, 가능한 모든 방법으로 붙여요. 두 개는 도미노, 세 개는 트로미노,
# 네 개는 **테트로미노**(테트리스의 모양)예요. 자유 테트로미노 다섯 개예요:

# %%
tetrominoes = polyominoes(4)
print("테트로미노: 자유, 한면, 고정 =", count_shapes(tetrominoes))
free_tetrominoes = sorted({canonical(form) for form in tetrominoes})
shapes_svg(free_tetrominoes, columns=5)

# %% [markdown]
# 고정 테트로미노 19개에 정사각형 하나를, 옆의 빈자리마다 붙여 봐요. 그러면 모든
# 펜토미노가 나와요. 모든 펜토미노에는 떼어 내도 테트로미노가 남는 정사각형이 있기
# 때문이에요(끝에 있는 정사각형이에요: U라면 팔 끝이고, 밑변의 가운데는 아니에요. 그걸
# 떼면 둘로 갈라져요). 딱 고정 펜토미노 63개가 나와요. 곧 자유 펜토미노 12개예요.

# %%
grown = grow(tetrominoes)
print(len(grown), "(키운 고정 모양의 수). 고정 펜토미노 63개와 같나요:",
      grown == set(FIXED))
print("자유, 한면, 고정 =", count_shapes(grown))

# %% [markdown]
# ## 좌표로 그리기
# **문제 5.** 목록과 다른 방향으로 L을 그려 보세요. 칸 다섯 개를 `(x, y)`의 리스트로
# 쓰세요. x는 오른쪽으로, y는 *아래쪽으로* 세요(시트에서처럼). `[(0, 0), (1, 0), ...]`처럼요.

# %% answer
### BEGIN SOLUTION
answer = [(0, 0), (1, 0), (2, 0), (3, 0), (0, 1)]    # 목록의 L을 90° 돌렸어요
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_drawing(answer, "L")
### END HIDDEN TESTS
check.check_drawing(answer, "L")

# %% [markdown]
# **문제 6 (새 모양).** 이번에는 Y를 목록과 다른 방향으로 그려 보세요. 수업의 첫 그림에
# 있는 Y를 보고, 머릿속으로 돌리거나 뒤집어 보세요.

# %% answer
### BEGIN SOLUTION
answer = [(1, 0), (0, 1), (1, 1), (2, 1), (3, 1)]    # 네 칸짜리 긴 줄, 그 위에 튀어나온 칸
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert check.check_drawing(answer, "Y")
### END HIDDEN TESTS
check.check_drawing(answer, "Y")

# %% [markdown]
# ## 더 나아가기 (상급 학생)
# - 정사각형의 대칭은 원소가 8개인 **군**을 이뤄요. 이름은 D4예요. 모양마다 궤도와
#   안정자는 |궤도| × |안정자| = |D4|를 만족해요: *궤도-안정자 정리*예요. 궤도의 크기는
#   왜 8의 약수여야 할까요?
# - 군에 대해 평균을 내서 자유 모양 세기(**번사이드 보조정리**): 자유 펜토미노의 수는
#   대칭 8개 각각이 바꾸지 않는 고정 펜토미노 수의 평균이에요(아래에서 계산해요).
# - 패키지로 확인해 보세요: 자유, 한면, 고정 **헥소미노**(정사각형 여섯 개)는 몇 개씩
#   있을까요? `check.check_counts(6, free, one_sided, fixed)`가 맞았는지 알려 줘요.

# %%
unchanged = {name: sum(1 for form in FIXED if s.apply(form) == form)
             for name, s in SYMMETRIES.items()}
print(unchanged)
print("평균:", sum(unchanged.values()), "/ 8 =", sum(unchanged.values()) / 8)

# %% [markdown]
# ## 마무리 문제
# 마지막으로 혼자 풀어 봐요: 이 수업에서 한 번도 보여 주지 않은 경우에 대한 질문이에요.
# 다음 코드를 실행해서 질문을 보고, 질문 순서대로 답을 리스트 하나에 쓰세요.
# `answer = [첫째, 둘째]`처럼요. 그리고 확인 코드를 실행하세요. 선생님이 결과를 모을 수도 있어요.

# %%
ticket = check.exit_ticket()
ticket

# %% answer
### BEGIN SOLUTION
answer = [4, 8, [2, 2, 6]]    # S: 180° 돌리면 그대로예요 (8 / 2); O: 8개 모두; 일자(2)와 L(4)
### END SOLUTION

# %% check
### BEGIN HIDDEN TESTS
assert ticket.mark(answer)
### END HIDDEN TESTS
ticket.mark(answer)
