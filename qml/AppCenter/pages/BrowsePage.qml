pragma ComponentBehavior: Bound
import QtQuick
import QtQuick.Controls
import QtQuick.Layouts
import AppCenter.components

// Home, category and search results: a card grid whose columns follow the window width,
// subcategory buttons, sort order and the empty state.
Page {
    id: page

    required property var apps
    required property var nav
    required property var categories
    required property var subcategories

    readonly property bool searching: page.apps.searchText !== ""

    padding: 16
    Accessible.name: heading.text

    header: ColumnLayout {
        spacing: 8
        RowLayout {
            Layout.fillWidth: true
            Layout.leftMargin: 16
            Layout.rightMargin: 16
            Layout.topMargin: 12
            Label {
                id: heading
                text: page.searching ? qsTr("Search results")
                                     : page.categories.nameOf(page.apps.category)
                font.pixelSize: 22
                font.bold: true
                elide: Text.ElideRight
                Layout.fillWidth: true
            }
            Label {
                text: qsTr("Applications: %L1").arg(page.apps.count)
                opacity: 0.7
            }
            ComboBox {
                id: sortBox
                objectName: "sortBox"
                textRole: "label"
                valueRole: "value"
                Accessible.name: qsTr("Sort order")
                model: [
                    { value: "", label: page.searching ? qsTr("Best match") : qsTr("By name") },
                    { value: "name", label: qsTr("By name") },
                    { value: "rating", label: qsTr("By rating") }
                ]
                currentIndex: page.apps.sortOrder === "rating" ? 2 : (page.apps.sortOrder === "name" ? 1 : 0)
                onActivated: page.apps.sortOrder = sortBox.currentValue
            }
        }
        SearchScope {
            apps: page.apps
            categoryName: page.categories.nameOf(page.apps.category)
            Layout.fillWidth: true
            Layout.leftMargin: 16
            Layout.rightMargin: 16
        }
        Flow {
            visible: page.subcategories.parentCategory !== "" && !page.searching
            Layout.fillWidth: true
            Layout.leftMargin: 16
            Layout.rightMargin: 16
            spacing: 6
            Button {
                text: qsTr("All")
                checkable: true
                checked: page.apps.category === page.subcategories.parentCategory
                Accessible.name: qsTr("All in this category")
                onClicked: page.apps.category = page.subcategories.parentCategory
            }
            Repeater {
                model: page.subcategories
                delegate: Button {
                    required property string categoryId
                    required property string name
                    required property string countText
                    text: qsTr("%1 (%2)").arg(name).arg(countText)
                    checkable: true
                    checked: page.apps.category === categoryId
                    Accessible.name: name
                    onClicked: page.apps.category = categoryId
                }
            }
        }
    }

    GridView {
        id: grid
        objectName: "appGrid"
        anchors.fill: parent
        readonly property int columns: Math.max(1, Math.floor(width / 320))
        cellWidth: Math.floor(width / columns)
        cellHeight: 116
        clip: true
        activeFocusOnTab: true
        keyNavigationEnabled: true
        boundsBehavior: Flickable.StopAtBounds
        model: page.apps
        Accessible.name: qsTr("Applications")
        Accessible.role: Accessible.List
        ScrollBar.vertical: ScrollBar {}
        // a model reset leaves no current card: the first arrow key would be lost
        onCountChanged: grid.currentIndex = grid.count > 0 ? Math.max(grid.currentIndex, 0) : -1
        Keys.onReturnPressed: page.nav.openApp(page.apps.appIdAt(grid.currentIndex))
        Keys.onEnterPressed: page.nav.openApp(page.apps.appIdAt(grid.currentIndex))

        delegate: Item {
            id: cell
            required property int index
            required property string appId
            required property string name
            required property string summary
            required property string iconUrl
            required property real rating
            required property int ratingCount
            required property string appState
            width: grid.cellWidth
            height: grid.cellHeight
            AppCard {
                anchors.fill: parent
                anchors.margins: 6
                index: cell.index
                appId: cell.appId
                name: cell.name
                summary: cell.summary
                iconUrl: cell.iconUrl
                rating: cell.rating
                ratingCount: cell.ratingCount
                appState: cell.appState
                highlighted: grid.activeFocus && grid.currentIndex === cell.index
                onOpened: id => page.nav.openApp(id)
            }
        }
    }

    BusyIndicator {
        anchors.centerIn: parent
        running: grid.count === 0 && page.apps.loading
        visible: running
        Accessible.name: qsTr("Loading applications")
    }

    ColumnLayout {
        anchors.centerIn: parent
        width: Math.min(parent.width, 480)
        visible: grid.count === 0 && !page.apps.loading
        Label {
            text: page.searching ? qsTr("No applications match “%1”").arg(page.apps.searchText)
                                 : qsTr("No applications in this category")
            textFormat: Text.PlainText
            font.pixelSize: 18
            wrapMode: Text.Wrap
            horizontalAlignment: Text.AlignHCenter
            Layout.fillWidth: true
        }
        Label {
            visible: page.searching
            text: qsTr("Try a different word, or fewer words.")
            opacity: 0.7
            horizontalAlignment: Text.AlignHCenter
            Layout.fillWidth: true
        }
    }
}
